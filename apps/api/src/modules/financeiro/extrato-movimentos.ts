import { sql } from 'drizzle-orm';
import { addDays, ledgerAccountKey, type IsoDate, type LedgerKind } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { posicaoDaLoja } from '../ledger/saldos.js';

/**
 * A shop's movements for the Extrato, read from the ledger page by page (keyset on
 * `(occurred_on, transaction_id)`, index 0135): a movement is one ledger transaction that touched
 * the shop's loja_a_pagar or loja_a_receber, shown once with its net effect on
 * a pagar − a receber (a repasse that nets what the shop owed debits one and credits the other:
 * one line, the amount transferred). Nothing here reads more than a page plus one day's entries.
 */
export type ExtratoCursor = { data: IsoDate; transacaoId: number };

export type ExtratoMovimento = {
  transacaoId: number;
  data: IsoDate;
  tipo: LedgerKind;
  descricao: string;
  boleto: { id: number; garantia_id: number; garantia_digito: number; parcela: number } | null;
  antecipacaoId: number | null;
  acordoId: number | null;
  repasseId: number | null;
  /** Effect on a pagar − a receber: + the shop is owed more. */
  valorCents: number;
};

type Contas = { pagar: number | null; receber: number | null };

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;

/** The ids of the shop's two accounts (null: never posted to). */
export async function contasDaLoja(db: DbOrTx, empresaId: number): Promise<Contas> {
  const pagarKey = ledgerAccountKey({ code: 'loja_a_pagar', empresaId });
  const receberKey = ledgerAccountKey({ code: 'loja_a_receber', empresaId });
  const rows = await rowsOf<{ id: number; key: string }>(db, sql`select id, key from ledger_account where key in (${pagarKey}, ${receberKey})`);
  return { pagar: rows.find((r) => r.key === pagarKey)?.id ?? null, receber: rows.find((r) => r.key === receberKey)?.id ?? null };
}

const ids = (c: Contas) => [c.pagar, c.receber].filter((x): x is number => x !== null);

/**
 * Net effect of an entry of either account on a pagar − a receber, as SQL over `e` (ledger_entry).
 * a pagar is credit-normal and a receber debit-normal, so (Cp − Dp) − (Dr − Cr) = credits − debits
 * of the two together: a credit to either raises what the shop is owed, a debit lowers it.
 */
const efeito = sql`case when e.side = 'credit' then e.amount_cents else -e.amount_cents end`;

/**
 * The net balance just before the movements after `cursor` (or at the end of `antesDe − 1 day`
 * when there is no cursor): the position at the end of the previous day, from the monthly
 * balances, plus that day's movements up to the cursor's transaction.
 */
export async function saldoAntes(db: DbOrTx, empresaId: number, contas: Contas, antesDe: IsoDate, cursor?: ExtratoCursor): Promise<number> {
  const dia = cursor?.data ?? antesDe;
  const base = (await posicaoDaLoja(db, empresaId, addDays(dia, -1))).liquidoCents;
  if (!cursor || !ids(contas).length) return base;
  const [r] = await rowsOf<{ v: string | number | null }>(
    db,
    sql`select coalesce(sum(${efeito}), 0)::bigint as v from ledger_entry e
         where e.account_id in (${sql.join(ids(contas).map((id) => sql`${id}`), sql`, `)})
           and e.occurred_on = ${cursor.data}::date and e.transaction_id <= ${cursor.transacaoId}`,
  );
  return base + Number(r?.v ?? 0);
}

/** Up to `limite` movements of the period after `cursor`, in date and transaction order. */
export async function movimentosDaLoja(db: DbOrTx, contas: Contas, periodo: { de: IsoDate; ate: IsoDate }, limite: number, cursor?: ExtratoCursor): Promise<ExtratoMovimento[]> {
  const accounts = ids(contas);
  if (!accounts.length) return [];
  const after = cursor ? sql`and (e.occurred_on, e.transaction_id) > (${cursor.data}::date, ${cursor.transacaoId}::bigint)` : sql``;
  // each account on its own: an index range scan that stops after `limite` distinct transactions;
  // the page is the first `limite` of their union
  const porConta = accounts.map(
    (id) => sql`(select distinct e.occurred_on, e.transaction_id from ledger_entry e
                  where e.account_id = ${id} and e.occurred_on between ${periodo.de}::date and ${periodo.ate}::date ${after}
                  order by e.occurred_on, e.transaction_id limit ${limite})`,
  );
  const rows = await rowsOf<{
    id: string | number; occurred_on: string; kind: LedgerKind; description: string; boleto_id: number | null; garantia_id: number | null; garantia_digito: number | null; parcela: number | null;
    antecipacao_id: number | null; acordo_id: number | null; repasse_id: number | null; valor: string | number;
  }>(
    db,
    sql`with pagina as (
          select distinct occurred_on, transaction_id from (${sql.join(porConta, sql` union all `)}) p
           order by occurred_on, transaction_id limit ${limite})
        select t.id, t.occurred_on::text as occurred_on, t.kind, t.description, t.boleto_id, b.garantia_id, g.digito as garantia_digito, b.parcela,
               t.antecipacao_id, t.acordo_id, t.repasse_id,
               -- account, date and transaction: an exact probe of index 0135 per account, whatever
               -- the statistics say (without the date the planner may walk the account's whole range)
               (select sum(${efeito}) from ledger_entry e
                 where e.account_id in (${sql.join(accounts.map((id) => sql`${id}`), sql`, `)})
                   and e.occurred_on = p.occurred_on and e.transaction_id = t.id)::bigint as valor
          from pagina p
          join ledger_transaction t on t.id = p.transaction_id
          left join boleto b on b.id = t.boleto_id
          left join garantia g on g.id = b.garantia_id
         order by p.occurred_on, p.transaction_id`,
  );
  return rows.map((r) => ({
    transacaoId: Number(r.id),
    data: r.occurred_on,
    tipo: r.kind,
    descricao: r.description,
    boleto: r.boleto_id !== null && r.garantia_id !== null ? { id: r.boleto_id, garantia_id: r.garantia_id, garantia_digito: Number(r.garantia_digito), parcela: Number(r.parcela) } : null,
    antecipacaoId: r.antecipacao_id,
    acordoId: r.acordo_id,
    repasseId: r.repasse_id,
    valorCents: Number(r.valor),
  }));
}

/** Every movement of the period, a page at a time (the CSV and PDF exports stream them). */
export async function* todosOsMovimentos(db: DbOrTx, contas: Contas, periodo: { de: IsoDate; ate: IsoDate }, lote = 1000): AsyncGenerator<ExtratoMovimento[]> {
  let cursor: ExtratoCursor | undefined;
  for (;;) {
    const page = await movimentosDaLoja(db, contas, periodo, lote, cursor);
    if (page.length) yield page;
    if (page.length < lote) return;
    const last = page[page.length - 1];
    cursor = { data: last.data, transacaoId: last.transacaoId };
  }
}
