import { centsToDecimalText, mesAnoTexto, toCents, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { getFaturamento } from './get-faturamento.js';

const HEADER = ['Loja', 'Razão Social', 'Repasse Bruto', 'Recebido Estab', 'Serviços Premium', 'Repasse Líquido', 'Recebido Premium', 'Receita'];

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formula starts defused. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Money as spreadsheets in pt-BR read it: 1234,56 (no thousands separator). */
const decimal = (v: number) => centsToDecimalText(toCents(v)).replace('.', ',');

/**
 * GET /api/relatorio/getFaturamentoCsv (administrador): the month's Faturamento as the screen shows
 * it, one line per Loja and the Subtotal, `;`-separated with decimal commas (what Excel in pt-BR
 * opens directly), UTF-8 with BOM.
 */
export async function faturamentoCsv(db: DbOrTx, actor: Actor, periodo: MesAno): Promise<{ filename: string; body: string }> {
  const f = await getFaturamento(db, actor, periodo);
  const figures = (r: (typeof f)['subtotal']) =>
    [r.total_boletos, r.recebido_estabelecimento, r.servicos_premium, r.repasse_liquido, r.recebido_premium, r.receita].map(decimal);
  const lines = [
    HEADER,
    ...f.data.map((r) => [r.fantasia, r.razao, ...figures(r)]),
    ['Subtotal', '', ...figures(f.subtotal)],
  ];
  const body = '\uFEFF' + lines.map((l) => l.map(cell).join(';')).join('\r\n') + '\r\n';
  return { filename: `faturamento-${mesAnoTexto(periodo).replace('/', '-')}.csv`, body };
}
