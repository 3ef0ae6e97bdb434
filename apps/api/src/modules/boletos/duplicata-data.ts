import { and, asc, eq, isNull, notInArray, or } from 'drizzle-orm';
import { SITUACAO, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, empresa, garantia, pessoa } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { DuplicataData } from '../../pdf/duplicata-pdf.js';
import type { Actor } from '../audit/record-audit.js';

const CANCELLED = [SITUACAO.CANCELADO, SITUACAO.CANCELADO_SR, SITUACAO.BAIXADO_CANCELADO, SITUACAO.ENVIADO_CANCELAMENTO];
import { empresaScope, inScope } from '../tenancy/scope.js';

/**
 * GET /api/boleto/getDuplicataAll/{garantiaId}: the duplicatas of an APROVADO guarantee (released
 * or not: the customer signs them before the slips are released). Cancelled instalments are left out.
 */
export async function duplicataData(db: Db, actor: Actor, garantiaId: number): Promise<DuplicataData> {
  const scope = await empresaScope(db, actor);
  const [row] = await db
    .select({ g: garantia, p: pessoa, e: empresa })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(and(eq(garantia.id, garantiaId), inScope(scope, garantia.empresa_id)));
  if (!row) throw notFound('Garantia');
  if (row.g.status !== 'APROVADO') throw wrongState('As duplicatas só podem ser impressas para uma garantia APROVADA.');
  const parcelas = await db
    .select({ parcela: boleto.parcela, valor: boleto.valor, vencimento: boleto.vencimento, situacao: boleto.situacao })
    .from(boleto)
    .where(and(eq(boleto.garantia_id, garantiaId), or(isNull(boleto.situacao), notInArray(boleto.situacao, CANCELLED))))
    .orderBy(asc(boleto.parcela));
  if (!parcelas.length) throw wrongState('Esta garantia não tem parcelas em aberto.');
  const { g, p, e } = row;
  return {
    garantiaId: g.id,
    garantiaDigito: g.digito,
    emissao: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(g.data),
    emitente: { razao: e.razao, cnpj: e.cnpj, endereco: [e.endereco, e.numero, e.bairro, `${e.cidade}/${e.uf}`].filter(Boolean).join(', ') },
    sacado: {
      nome: p.nome_razao,
      cpfCnpj: p.cpf_cnpj,
      endereco: [p.endereco, p.numero, p.complemento, p.bairro].filter(Boolean).join(', '),
      cidadeUf: `${p.cidade ?? ''}/${p.uf ?? ''}`,
    },
    parcelas: parcelas.map((b) => ({ parcela: b.parcela, total: g.qtd_titulo, valorCents: toCents(b.valor), vencimento: b.vencimento })),
  };
}
