import { sql } from 'drizzle-orm';
import { boletoChargeInstructions, formatProtocol, toCents, type CnabPayer, type RemessaEntry } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/** Rows read per query while the file is written. */
export const REMESSA_BATCH = 1000;

/** "Seu número" of a title: the guarantee's protocol and the instalment, as the slip prints it. */
export function boletoDocumentNumber(garantiaId: number, garantiaDigito: number, parcela: number): string {
  return `${formatProtocol(garantiaId, garantiaDigito)}/${String(parcela).padStart(2, '0')}`;
}

// one formatter for every row: building an Intl.DateTimeFormat per call costs more than the whole entry
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** São Paulo calendar date (YYYY-MM-DD) of a timestamp (the slip's "data de emissão"). */
export function saoPauloDate(at: Date): string {
  return SAO_PAULO_DAY.format(at);
}

export function payerOf(p: { cpf_cnpj: string; nome_razao: string; endereco: string | null; numero: string | null; complemento: string | null; bairro: string | null; cep: string | null; cidade: string | null; uf: string | null }): CnabPayer {
  return {
    document: p.cpf_cnpj,
    name: p.nome_razao,
    address: [p.endereco, p.numero, p.complemento].filter(Boolean).join(', '),
    district: p.bairro ?? '',
    cep: p.cep ?? '',
    city: p.cidade ?? '',
    uf: p.uf ?? '',
  };
}

/** A title's line as the file queries answer it (an item, or an entrada claimed with its data). */
export type TituloRow = {
  tipo: RemessaEntry['kind'];
  valor: string;
  vencimento: string;
  nosso_numero: string;
  parcela: number;
  /** the slip's "data de emissão": the boleto's creation day in São Paulo, computed by PostgreSQL */
  emissao: string;
  garantia_id: number;
  garantia_digito: number;
  cpf_cnpj: string;
  nome_razao: string;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  cidade: string | null;
  uf: string | null;
};

/**
 * What a title's line needs besides the item's own type, value and due date, over a boleto `b`:
 * its guarantee `g`, the payer `p` and the payer's address as the guarantee's shop typed it (its
 * view `v`, decision 104). The emission day is computed here, not by an Intl formatter per row.
 */
export const TITULO_COLUNAS = sql`b.nosso_numero::text as nosso_numero, b.parcela, (b.created_at at time zone 'America/Sao_Paulo')::date::text as emissao,
  g.id as garantia_id, g.digito as garantia_digito, p.cpf_cnpj, p.nome_razao, v.endereco, v.numero, v.complemento, v.bairro, v.cep, v.cidade, v.uf`;
export const TITULO_JUNCOES = sql`join garantia g on g.id = b.garantia_id
  join pessoa p on p.id = g.pessoa_id
  left join pessoa_visao v on v.pessoa_id = g.pessoa_id and v.empresa_id = g.empresa_id`;

/** A row as the CNAB writer takes it; entradas carry the payer and the slip's multa/juros. */
export function remessaEntryOf(r: TituloRow): RemessaEntry {
  const amountCents = toCents(r.valor);
  const entry: RemessaEntry = {
    kind: r.tipo,
    ourNumber: r.nosso_numero,
    documentNumber: boletoDocumentNumber(r.garantia_id, r.garantia_digito, r.parcela),
    dueDate: r.vencimento,
    amountCents,
    issueDate: r.emissao,
  };
  if (r.tipo === 'entrada') Object.assign(entry, { payer: payerOf(r) }, boletoChargeInstructions(amountCents, r.vencimento));
  return entry;
}

/**
 * The instructions of one remessa as the CNAB writer takes them, in remessa_item order, from a
 * server-side cursor read REMESSA_BATCH rows at a time: the query runs once and the file streams
 * out of the database without the whole list in memory (a keyset page per batch would re-sort the
 * rest of a freshly inserted, not yet analysed, list each time). The next batch is asked for
 * before this one is handed out, so PostgreSQL reads it while the writer formats these lines.
 * Must run inside the caller's transaction. `semEntradas`: only the pedidos de baixa and the
 * alterações (Gerar Remessa writes its entradas as it claims them).
 */
export async function* remessaEntries(tx: DbOrTx, remessaId: number, options: { semEntradas?: boolean } = {}): AsyncGenerator<RemessaEntry> {
  const cursor = sql.raw(`remessa_itens_${remessaId}`);
  await tx.execute(sql`
    declare ${cursor} no scroll cursor for
    select ri.tipo, ri.valor::text as valor, ri.vencimento::text as vencimento, ${TITULO_COLUNAS}
    from remessa_item ri
    join boleto b on b.id = ri.boleto_id
    ${TITULO_JUNCOES}
    where ri.remessa_id = ${remessaId} ${options.semEntradas ? sql`and ri.tipo <> 'entrada'` : sql``}
    order by ri.id`);
  const fetch = () => {
    const batch = tx.execute(sql`fetch ${sql.raw(String(REMESSA_BATCH))} from ${cursor}`).then((r) => (r as { rows: TituloRow[] }).rows);
    batch.catch(() => undefined); // awaited below; handled now, so a failure while the writer works is not "unhandled"
    return batch;
  };
  let next: Promise<TituloRow[]> | null = fetch();
  try {
    while (next) {
      const rows: TituloRow[] = await next;
      next = rows.length < REMESSA_BATCH ? null : fetch();
      for (const r of rows) yield remessaEntryOf(r);
    }
  } finally {
    await next?.catch(() => undefined);
    await tx.execute(sql`close ${cursor}`);
  }
}
