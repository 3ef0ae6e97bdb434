import { Readable } from 'node:stream';
import { addDays, EXTRATO_SALDO_EXPLICACAO, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { posicaoDaLoja } from '../ledger/saldos.js';
import { CSV_BOM, csvDate, csvLine, csvMoney } from './csv.js';
import { contasDaLoja, todosOsMovimentos } from './extrato-movimentos.js';
import { lojaDoExtrato } from './extrato-loja.js';

const HEADER = ['Data', 'Descrição', 'Boleto', 'Antecipação', 'Acordo', 'Repasse', 'Débito', 'Crédito', 'Saldo'];

/**
 * GET /api/financeiro/getExtratoCsv: the shop's statement of the period as CSV — the explanation
 * of the balance, the opening balance, every movement with its running balance, the closing
 * balance. Tenancy is checked before the first byte; the movements are then read a thousand at a
 * time while the client downloads (never the whole period in memory).
 */
export async function extratoCsv(db: DbOrTx, actor: Actor, input: { empresa_id?: number; de: IsoDate; ate: IsoDate }) {
  const loja = await lojaDoExtrato(db, actor, input.empresa_id);
  const contas = await contasDaLoja(db, loja.id);
  const inicial = (await posicaoDaLoja(db, loja.id, addDays(input.de, -1))).liquidoCents;
  async function* lines() {
    yield CSV_BOM + csvLine([`Extrato de ${loja.fantasia} (${loja.razao}) de ${csvDate(input.de)} a ${csvDate(input.ate)}`]);
    yield csvLine([EXTRATO_SALDO_EXPLICACAO]);
    yield csvLine(HEADER);
    yield csvLine([csvDate(input.de), 'Saldo inicial', '', '', '', '', '', '', csvMoney(inicial)]);
    let saldo = inicial;
    for await (const page of todosOsMovimentos(db, contas, input)) {
      let chunk = '';
      for (const m of page) {
        saldo += m.valorCents;
        chunk += csvLine([
          csvDate(m.data),
          m.descricao,
          m.boleto ? String(m.boleto.id) : '',
          m.antecipacaoId ? String(m.antecipacaoId) : '',
          m.acordoId ? String(m.acordoId) : '',
          m.repasseId ? String(m.repasseId) : '',
          m.valorCents < 0 ? csvMoney(-m.valorCents) : '',
          m.valorCents > 0 ? csvMoney(m.valorCents) : '',
          csvMoney(saldo),
        ]);
      }
      yield chunk;
    }
    yield csvLine([csvDate(input.ate), 'Saldo final', '', '', '', '', '', '', csvMoney(saldo)]);
  }
  return { filename: `extrato-${loja.id}-${input.de}-a-${input.ate}.csv`, stream: Readable.from(lines(), { objectMode: false }) };
}
