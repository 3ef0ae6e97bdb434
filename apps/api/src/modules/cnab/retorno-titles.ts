import { and, eq, isNotNull, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import { centsToDecimalText, cnabAccountFromConta, readRetorno, retornoHeaderBeneficiary400, readRetornoChunks, type BoletoAvulsoSituacao, type CnabFileHeader, type CnabReadOptions, type RetornoTitle, type Situacao } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { DbOrTx } from '../../db/client.js';
import { boleto, boletoAvulso, contaCobranca, retornoItem } from '../../db/schema/index.js';
import { boletoExtra } from '../../db/schema/boleto-extra.js';

/** A title's target in our database. */
export type TitleTarget =
  | { kind: 'boleto'; id: number; situacao: Situacao | null; valor: string; empresaId: number | null }
  | { kind: 'avulso'; id: number; situacao: BoletoAvulsoSituacao; valor: string; empresaId: number | null };

/**
 * Reads a stored retorno as a stream of titles (the domain reader: one title in memory at a time),
 * CNAB 240 or 400 as its header says (readRetorno, decision 121).
 */
export function readStoredRetorno(storage: FileStorage, key: string, options: CnabReadOptions): AsyncGenerator<RetornoTitle> {
  return readRetorno(storage.read(key), options);
}

/** The same by chunk of the file (arrays of titles, never empty): no await per title. */
export function readStoredRetornoChunks(storage: FileStorage, key: string, options: CnabReadOptions): AsyncGenerator<RetornoTitle[]> {
  return readRetornoChunks(storage.read(key), options);
}

/** Groups a stream of titles into arrays of `size`. */
export async function* inBatches<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * `column = any('{1,2,…}'::int8[])`: one text parameter for the whole list. A 2 000-element
 * inArray builds 2 000 bound parameters through the query builder, which cost more than the query.
 */
const anyOf = (column: SQLWrapper, ids: number[] | string, type: 'int4' | 'int8') =>
  sql`${column} = any(${typeof ids === 'string' ? ids : arrayText(ids)}::${sql.raw(type)}[])`;
const arrayText = (ids: number[]) => `{${ids.join(',')}}`;

const digits = (v: string) => v.replace(/\D/g, '').replace(/^0+/, '');

/**
 * The conta de cobrança the file belongs to: same bank and same beneficiary (Caixa's código do
 * beneficiário, BB's convênio, Bradesco's código da empresa; Itaú's and Santander's conta corrente),
 * leading zeros aside. Any account, active or replaced,
 * since old boletos keep the account that numbered them. With several contas of one bank and
 * beneficiary (decision 126: e.g. two carteiras, or a conta replaced by another), the header's
 * agência decides, then an active conta over a deactivated one, then the newest. Null: every title
 * of the file is "not found".
 */
export async function contaOfHeader(db: DbOrTx, header: CnabFileHeader): Promise<{ id: number; descricao: string } | null> {
  // a header without a beneficiary code (Sicoob's 240 names the cooperativa's conta) is matched by its conta
  const code = digits(header.beneficiaryCode) || digits(header.account);
  if (!code) return null;
  const rows = await db
    .select({
      id: contaCobranca.id,
      banco: contaCobranca.banco,
      codigo_beneficiario: contaCobranca.codigo_beneficiario,
      conta: contaCobranca.conta,
      agencia: contaCobranca.agencia,
      ativa: contaCobranca.ativa,
      carteira: contaCobranca.carteira,
      nome: contaCobranca.nome,
      cnpj: contaCobranca.cnpj,
      layout: contaCobranca.layout_cnab,
    })
    .from(contaCobranca)
    .where(eq(contaCobranca.banco, header.bank));
  // the conta's number without its DV ("0061900-0"), as headers write it apart
  const contaDigits = (r: { conta: string | null }) => digits((r.conta ?? '').split('-')[0]);
  // the beneficiary a CNAB 400 header of the conta carries, as the bank's profile writes and reads
  // it (Santander: the conta's first 8 digits, "013000123-4" → "1300012"; Itaú: the conta)
  const header400 = (r: (typeof rows)[number]) => digits(retornoHeaderBeneficiary400(cnabAccountFromConta(r)) ?? '');
  // a bank's header names its beneficiary by código (Caixa, BB, Bradesco) or by conta corrente (the
  // CNAB 400 profiles' beneficiaryOf: Itaú, Santander): the código first, else the conta
  const byCodigo = rows.filter((r) => digits(r.codigo_beneficiario) === code);
  const same = byCodigo.length ? byCodigo : rows.filter((r) => contaDigits(r) === code || header400(r) === code);
  const agencia = digits(header.agency);
  // an agência written with its DV ("4042-8") is compared by its number
  const sameAgency = agencia ? same.filter((r) => digits(r.agencia.split('-')[0]) === agencia) : [];
  const candidates = sameAgency.length ? sameAgency : same;
  const match = candidates.sort((a, b) => Number(b.ativa) - Number(a.ativa) || b.id - a.id)[0];
  return match
    ? { id: match.id, descricao: `banco ${header.bank}, agência ${match.agencia}, beneficiário ${match.codigo_beneficiario}, carteira ${match.carteira} (CNAB ${match.layout}, conta nº ${match.id})` }
    : null;
}

export const sequenceOf = (t: Pick<RetornoTitle, 'ourNumberSequence'>): number | null => {
  if (!t.ourNumberSequence || !/^\d{1,15}$/.test(t.ourNumberSequence)) return null;
  const n = Number(t.ourNumberSequence);
  return n > 0 ? n : null;
};

/**
 * Finds the boletos and boletos avulsos of a batch of titles by (account, nosso número) — one query
 * each, on their unique indexes. With `lock`, the rows are locked (FOR UPDATE, in id order) for the
 * caller's transaction. Answers a map nosso número → target.
 */
export function lookupTitles(db: DbOrTx, contaId: number | null, titles: RetornoTitle[], lock = false): Promise<Map<number, TitleTarget>> {
  return lookupNumbers(db, contaId, titles.map(sequenceOf).filter((n): n is number => n !== null), lock);
}

/** lookupTitles by the nossos números themselves (repeats allowed). */
export async function lookupNumbers(db: DbOrTx, contaId: number | null, sequences: number[], lock = false): Promise<Map<number, TitleTarget>> {
  const found = new Map<number, TitleTarget>();
  if (contaId === null) return found;
  const unique = [...new Set(sequences)];
  if (!unique.length) return found;
  const numbers = arrayText(unique); // one text for both queries
  const boletoQuery = db
    .select({ id: boleto.id, nosso_numero: boleto.nosso_numero, situacao: boleto.situacao, valor: boleto.valor, empresa_id: boleto.empresa_id })
    .from(boleto)
    // the same table: boleto-extra.ts mirrors its conta_cobranca_id column ("boleto"."conta_cobranca_id")
    .where(and(eq(boletoExtra.conta_cobranca_id, contaId), anyOf(boleto.nosso_numero, numbers, 'int8')))
    .orderBy(boleto.id);
  const avulsoQuery = db
    .select({ id: boletoAvulso.id, nosso_numero: boletoAvulso.nosso_numero, situacao: boletoAvulso.situacao, valor: boletoAvulso.valor, empresa_id: boletoAvulso.empresa_id })
    .from(boletoAvulso)
    .where(and(eq(boletoAvulso.conta_cobranca_id, contaId), anyOf(boletoAvulso.nosso_numero, numbers, 'int8')))
    .orderBy(boletoAvulso.id);
  // locking, one after the other (always boletos first); otherwise both at once (two pool connections)
  const [boletos, avulsos] = lock ? [await boletoQuery.for('update', { of: boleto }), await avulsoQuery.for('update')] : await Promise.all([boletoQuery, avulsoQuery]);
  for (const b of boletos) found.set(b.nosso_numero as number, { kind: 'boleto', id: b.id, situacao: b.situacao, valor: b.valor, empresaId: b.empresa_id });
  for (const a of avulsos) found.set(a.nosso_numero, { kind: 'avulso', id: a.id, situacao: a.situacao, valor: a.valor, empresaId: a.empresa_id });
  return found;
}

/** Ledger key of a movement already applied: target, movement code, occurrence date. */
export const ledgerKey = (target: TitleTarget, movement: string, date: string | null) => `${target.kind}:${target.id}:${movement}:${date ?? ''}`;

/** The keys among `targets` already recorded by earlier retornos (what makes a movement JA_APLICADO). */
export async function appliedKeys(db: DbOrTx, targets: TitleTarget[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const boletoIds = targets.filter((t) => t.kind === 'boleto').map((t) => t.id);
  const avulsoIds = targets.filter((t) => t.kind === 'avulso').map((t) => t.id);
  if (!boletoIds.length && !avulsoIds.length) return keys;
  const rows = await db
    .select({ boleto_id: retornoItem.boleto_id, boleto_avulso_id: retornoItem.boleto_avulso_id, movimento: retornoItem.movimento, data: retornoItem.data_ocorrencia })
    .from(retornoItem)
    .where(
      and(
        ne(retornoItem.resultado, 'JA_APLICADO'),
        or(
          boletoIds.length ? and(isNotNull(retornoItem.boleto_id), anyOf(retornoItem.boleto_id, boletoIds, 'int4')) : undefined,
          avulsoIds.length ? and(isNotNull(retornoItem.boleto_avulso_id), anyOf(retornoItem.boleto_avulso_id, avulsoIds, 'int4')) : undefined,
        ),
      ),
    );
  for (const r of rows) {
    const target = r.boleto_id !== null ? ({ kind: 'boleto', id: r.boleto_id } as TitleTarget) : ({ kind: 'avulso', id: r.boleto_avulso_id } as TitleTarget);
    keys.add(ledgerKey(target, r.movimento, r.data));
  }
  return keys;
}

/** The columns of a retorno_item that come from the title itself. */
export function itemValues(retornoId: number, t: RetornoTitle) {
  return {
    retorno_id: retornoId,
    linha: t.line,
    nosso_numero: (t.ourNumber || t.ourNumberSequence || '').slice(0, 20),
    movimento: t.movement.slice(0, 2),
    movimento_descricao: t.movementDescription.slice(0, 150),
    categoria: t.category,
    data_ocorrencia: t.occurrenceDate,
    data_credito: t.creditDate,
    valor_titulo: centsToDecimalText(t.amountCents),
    valor_pago: centsToDecimalText(t.paidCents),
    valor_liquido: centsToDecimalText(t.netCents),
    valor_tarifa: centsToDecimalText(t.feeCents),
    valor_juros: centsToDecimalText(t.interestCents),
    valor_desconto: centsToDecimalText(t.discountCents),
    motivos: t.reasons.length ? t.reasons.map((r) => `${r.code} ${r.description}`).join('; ').slice(0, 400) : null,
  };
}
