import { and, asc, eq, isNull, notInArray, or } from 'drizzle-orm';
import { dayInSaoPaulo, SITUACAO, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, empresa, garantia, pessoaVisao } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { DuplicataData } from '../../pdf/duplicata-pdf.js';
import type { Actor } from '../../shared/actor.js';
import { pagadorColumns, visaoDaGarantia, withGarantiaContext } from '../../shared/garantia-context.js';
import { empresaScope, inScope } from '../tenancy/scope.js';

const CANCELLED = [SITUACAO.CANCELADO, SITUACAO.CANCELADO_SR, SITUACAO.BAIXADO_CANCELADO, SITUACAO.ENVIADO_CANCELAMENTO];

/**
 * GET /api/boleto/getDuplicataAll/{garantiaId}: the duplicatas of an APROVADO guarantee (released
 * or not: the customer signs them before the slips are released). Cancelled instalments are left out.
 */
export async function duplicataData(db: Db, actor: Actor, garantiaId: number): Promise<DuplicataData> {
  const scope = await empresaScope(db, actor);
  // the buyer as the guarantee's shop typed it (its view, decision 104)
  const [row] = await withGarantiaContext(db.select({ g: garantia, p: pagadorColumns, e: empresa }).from(garantia).$dynamic())
    .leftJoin(pessoaVisao, visaoDaGarantia)
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
  const endereco = (r: { endereco: string | null; numero: string | null; complemento: string | null; bairro: string | null }) =>
    [[r.endereco, r.numero].filter(Boolean).join(', '), r.complemento, r.bairro].filter(Boolean).join(' — ');
  const cidadeUf = (r: { cidade: string | null; uf: string | null }) => [r.cidade, r.uf].filter(Boolean).join('/');
  return {
    garantiaId: g.id,
    garantiaDigito: g.digito,
    emissao: dayInSaoPaulo(g.data),
    emitente: { nome: e.razao, documento: e.cnpj, endereco: endereco(e), cep: e.cep, cidadeUf: cidadeUf(e) },
    sacado: { nome: p.nome_razao, documento: p.cpf_cnpj, endereco: endereco(p), cep: p.cep ?? '', cidadeUf: cidadeUf(p) },
    // paid by boleto: the seller's town is the praça, and any bank takes the slip
    praca: `${cidadeUf(e)} — pagável por boleto bancário em qualquer banco ou correspondente`,
    parcelas: parcelas.map((b) => ({ parcela: b.parcela, total: g.qtd_titulo, valorCents: toCents(b.valor), vencimento: b.vencimento })),
  };
}
