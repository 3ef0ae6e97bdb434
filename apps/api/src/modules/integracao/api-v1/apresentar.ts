import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatProtocol, fromCents, garantiaStatusLabel, PAYABLE_SITUACOES, sumCents, toCents, type BoletoV1, type GarantiaV1 } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { boleto, contaCobranca, garantia, garantiaPessoa, pessoa } from '../../../db/schema/index.js';
import { boletoX } from '../../../db/schema/boleto-extra.js';
import { notFound } from '../../../errors/app-error.js';
import { contaBankColumns, nossoNumeroFormatado } from '../../boletos/number-boletos.js';

/**
 * The public API's resources (issue 28, contracts/api-v1.ts): a guarantee with its boletos and a
 * boleto, exactly as GET /api/v1/garantias/{id} and GET /api/v1/boletos/{id} answer them — and as
 * the webhooks' events carry them in `dados`. They read by id and check nobody's sight: the routes
 * check the key's shop first (api-v1/ler.ts), the webhook outbox emits for the record's own shop.
 * `db` may be a transaction (an event built in the same transaction as the change sees it).
 */

const boletoV1Columns = {
  id: boleto.id,
  digito: boleto.digito,
  garantia_id: boleto.garantia_id,
  empresa_id: boleto.empresa_id,
  parcela: boleto.parcela,
  valor: boleto.valor,
  vencimento: boleto.vencimento,
  situacao: boleto.situacao,
  nosso_numero: boleto.nosso_numero,
  linha_digitavel: boleto.linha_digitavel,
  codigo_barras: boleto.codigo_barras,
  comprovante_token: boleto.comprovante_token,
  criado_em: boleto.created_at,
  atualizado_em: boleto.updated_at,
  garantia_digito: garantia.digito,
  qtd_parcelas: garantia.qtd_titulo,
  garantia_status: garantia.status,
  libera_boleto: garantia.libera_boleto,
  conta: contaBankColumns,
};


/** Reads boletos with what their resource needs; `where` narrows (by id, by guarantee, a page's ids). */
export function selectBoletosV1(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(boletoV1Columns)
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(boletoX, eq(boletoX.id, boleto.id))
    .leftJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .where(where)
    .orderBy(asc(boleto.garantia_id), asc(boleto.parcela));
}

type BoletoV1Row = Awaited<ReturnType<typeof selectBoletosV1>>[number];

/** One row as the resource (the printable rule is prepareGarantiaForPrint's: released, payable). */
export function presentBoletoV1(r: BoletoV1Row): BoletoV1 {
  const liberado = r.garantia_status === 'APROVADO' && r.libera_boleto === 'S';
  return {
    id: r.id,
    protocolo: formatProtocol(r.id, r.digito),
    garantia_id: r.garantia_id,
    garantia_protocolo: formatProtocol(r.garantia_id, r.garantia_digito),
    empresa_id: r.empresa_id,
    parcela: r.parcela,
    qtd_parcelas: r.qtd_parcelas,
    valor: fromCents(toCents(r.valor)),
    vencimento: r.vencimento,
    situacao: r.situacao,
    nosso_numero: r.situacao === null ? null : nossoNumeroFormatado(r.conta, r.nosso_numero),
    linha_digitavel: r.situacao === null ? null : r.linha_digitavel,
    codigo_barras: r.situacao === null ? null : r.codigo_barras,
    imprimivel: liberado && r.situacao !== null && PAYABLE_SITUACOES.includes(r.situacao),
    possui_recibo: r.comprovante_token !== null,
    criado_em: r.criado_em,
    atualizado_em: r.atualizado_em,
  };
}

/** The boleto `boletoId` as GET /api/v1/boletos/{id} answers it (404 when there is none). */
export async function boletoV1Json(db: DbOrTx, boletoId: number): Promise<BoletoV1> {
  const [row] = await selectBoletosV1(db, eq(boleto.id, boletoId));
  if (!row) throw notFound('Boleto');
  return presentBoletoV1(row);
}

/** Several boletos in the given order (a page of the list), one query. */
export async function boletosV1Json(db: DbOrTx, ids: number[]): Promise<BoletoV1[]> {
  if (!ids.length) return [];
  const rows = await selectBoletosV1(db, inArray(boleto.id, ids));
  const byId = new Map(rows.map((r) => [r.id, presentBoletoV1(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The guarantee `garantiaId` with its boletos as GET /api/v1/garantias/{id} answers it (404 when there is none). */
export async function garantiaV1Json(db: DbOrTx, garantiaId: number): Promise<GarantiaV1> {
  const [g] = await db
    .select({
      g: garantia,
      tipo_pessoa: pessoa.tipo_pessoa,
      cpf_cnpj: pessoa.cpf_cnpj,
      nome: pessoa.nome_razao,
      // the name this shop typed in this request (its snapshot, decision 104)
      nome_snapshot: garantiaPessoa.nome_razao,
    })
    .from(garantia)
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .leftJoin(garantiaPessoa, eq(garantiaPessoa.garantia_id, garantia.id))
    .where(eq(garantia.id, garantiaId));
  if (!g) throw notFound('Garantia');
  const rows = await selectBoletosV1(db, and(eq(boleto.garantia_id, garantiaId)));
  const boletos = rows.map(presentBoletoV1);
  return {
    id: g.g.id,
    protocolo: formatProtocol(g.g.id, g.g.digito),
    empresa_id: g.g.empresa_id,
    status: g.g.status,
    situacao: garantiaStatusLabel(g.g.status, g.g.libera_boleto),
    boletos_liberados: g.g.status === 'APROVADO' && g.g.libera_boleto === 'S',
    motivo: g.g.motivo,
    cliente: { tipo_pessoa: g.tipo_pessoa === 'J' ? 'J' : 'F', cpf_cnpj: g.cpf_cnpj, nome_razao: g.nome_snapshot ?? g.nome },
    qtd_parcelas: g.g.qtd_titulo,
    valor_total: fromCents(sumCents(rows.map((r) => toCents(r.valor)))),
    criada_em: g.g.data,
    decidida_em: g.g.decidido_em,
    liberada_em: g.g.liberado_em,
    cancelada_em: g.g.cancelado_em,
    boletos,
  };
}
