import { sql, type SQL } from 'drizzle-orm';
import {
  CnabError,
  dueDateWindow,
  formatDateBR,
  fromCents,
  REMESSA_FORA_LISTADOS,
  SITUACAO,
  toCents,
  todayInSaoPaulo,
  type RemessaEntry,
  type RemessaTituloFora,
} from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { boletoDocumentNumber } from './remessa-entries.js';

/**
 * The titles Gerar Remessa leaves out (issue 23, decision 105): one title that cannot be written
 * never stops the file. A boleto due outside what its barcode can carry is not claimed at all (it
 * stays DISPONÍVEL PARA PAGAMENTO); a title the CNAB writer refuses for any other reason (a payer
 * without CEP…) is given back after the file: its remessa_item and "Remessa nº N" history row are
 * removed and it returns to DISPONÍVEL PARA PAGAMENTO (an alteração or pedido de baixa simply stays
 * pending). Either way the result lists it with the reason, and the next remessa takes it once fixed.
 */

/** The due dates a remessa sends: those a barcode issued today names unambiguously. */
export function janelaDaRemessa(today = todayInSaoPaulo()): { first: string; last: string } {
  return dueDateWindow(today);
}

/** Only the boletos due inside the window (SQL on alias `b`). */
export function dentroDaJanela(janela: { first: string; last: string }): SQL {
  return sql`b.vencimento between ${janela.first}::date and ${janela.last}::date`;
}

export type Fora = { quantidade: number; titulos: RemessaTituloFora[] };

type ForaRow = { boleto_id: number; garantia_id: number; digito: number; parcela: number; nosso_numero: string | null; vencimento: string; valor: string; total: number };

/** DISPONÍVEL boletos of the account (or not numbered yet) due outside the window: left where they are. */
export async function foraPorVencimento(tx: DbOrTx, contaId: number, janela: { first: string; last: string }, only: SQL): Promise<Fora> {
  const rows = ((await tx.execute(sql`
    select b.id as boleto_id, b.garantia_id, g.digito, b.parcela, b.nosso_numero::text as nosso_numero, b.vencimento::text as vencimento,
           b.valor::text as valor, count(*) over ()::int as total
      from boleto b join garantia g on g.id = b.garantia_id
     where b.situacao = ${SITUACAO.DISPONIVEL} and (b.conta_cobranca_id = ${contaId} or b.nosso_numero is null)
       and not (${dentroDaJanela(janela)}) ${only}
     order by b.id
     limit ${REMESSA_FORA_LISTADOS}`)) as { rows: ForaRow[] }).rows;
  const motivo = (vencimento: string) =>
    `Vencimento ${formatDateBR(vencimento)} fora do intervalo que o código de barras representa hoje (${formatDateBR(janela.first)} a ${formatDateBR(janela.last)}): corrija-o pelo Acerto de Atendimento.`;
  return {
    quantidade: rows[0] ? Number(rows[0].total) : 0,
    titulos: rows.map((r) => ({
      boleto_id: r.boleto_id,
      documento: boletoDocumentNumber(r.garantia_id, r.digito, r.parcela),
      nosso_numero: r.nosso_numero,
      vencimento: r.vencimento,
      valor: fromCents(toCents(r.valor)),
      motivo: motivo(r.vencimento),
    })),
  };
}

export type Rejeitado = { entry: RemessaEntry; motivo: string };

/** The writer's onRejected: collects each refused title with its reason. */
export function rejeicoes(): { list: Rejeitado[]; onRejected: (entry: RemessaEntry, err: CnabError) => void } {
  const list: Rejeitado[] = [];
  return { list, onRejected: (entry, err) => list.push({ entry, motivo: err.message }) };
}

/**
 * Gives back the titles the writer refused (see above) and answers them as left out, with the
 * boleto ids (to keep them out of what markSent records as told to the bank).
 */
export async function devolverRejeitados(
  tx: DbOrTx,
  remessa: { id: number; numero: number; contaId: number },
  rejeitados: Rejeitado[],
): Promise<{ boletoIds: number[]; fora: Fora }> {
  if (!rejeitados.length) return { boletoIds: [], fora: { quantidade: 0, titulos: [] } };
  const numeros = `{${rejeitados.map((r) => String(r.entry.ourNumber).replace(/\D/g, '') || '0').join(',')}}`;
  const rows = ((await tx.execute(sql`
    with fora as (
      delete from remessa_item ri using boleto b
       where ri.remessa_id = ${remessa.id} and b.id = ri.boleto_id
         and b.conta_cobranca_id = ${remessa.contaId} and b.nosso_numero = any(${numeros}::bigint[])
      returning ri.boleto_id, ri.tipo, b.nosso_numero
    ), historico as (
      delete from boleto_historico h using fora f
       where f.tipo = 'entrada' and h.boleto_id = f.boleto_id
         and h.para = ${SITUACAO.ENVIADO_REGISTRO} and h.motivo = ${`Remessa nº ${remessa.numero}`}
    ), volta as (
      update boleto b set situacao = ${SITUACAO.DISPONIVEL}, updated_at = now()
        from fora f
       where f.tipo = 'entrada' and b.id = f.boleto_id and b.situacao = ${SITUACAO.ENVIADO_REGISTRO}
    )
    select distinct boleto_id, nosso_numero::text as nosso_numero from fora`)) as { rows: { boleto_id: number; nosso_numero: string }[] }).rows;
  const idPorNumero = new Map(rows.map((r) => [r.nosso_numero, r.boleto_id]));
  const titulos: RemessaTituloFora[] = [];
  for (const { entry, motivo } of rejeitados) {
    const boletoId = idPorNumero.get(String(entry.ourNumber));
    if (boletoId === undefined || titulos.length >= REMESSA_FORA_LISTADOS) continue;
    titulos.push({
      boleto_id: boletoId,
      documento: entry.documentNumber,
      nosso_numero: String(entry.ourNumber),
      vencimento: entry.dueDate,
      valor: fromCents(entry.amountCents),
      motivo,
    });
  }
  return { boletoIds: rows.map((r) => r.boleto_id), fora: { quantidade: rejeitados.length, titulos } };
}

/** Both lists in one: the counts added, the first REMESSA_FORA_LISTADOS titles kept. */
export function juntarFora(a: Fora, b: Fora): Fora {
  return { quantidade: a.quantidade + b.quantidade, titulos: [...a.titulos, ...b.titulos].slice(0, REMESSA_FORA_LISTADOS) };
}
