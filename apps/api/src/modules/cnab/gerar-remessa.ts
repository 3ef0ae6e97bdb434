import { eq, sql, type SQL } from 'drizzle-orm';
import { CnabError, cnabAccountFromConta, fromCents, nextSituacao, SITUACAO, toCents, writeRemessaLinesAsync, type BoletoAction, type RemessaEntry, type Situacao } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { contaCobranca, remessa } from '../../db/schema/index.js';
import { AppError, notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { numberBoletos } from '../boletos/number-boletos.js';
import { contaDaEmpresa, requireContaCobranca } from '../conta-cobranca/active-conta-cobranca.js';
import type { ContaCobrancaRow } from '../conta-cobranca/insert-conta-cobranca.js';
import { ACERTO_MOTIVO } from '../garantia/update-boleto-atendimento.js';
import { bulkChangeSituacao } from './bulk-situacao.js';
import { REMESSAS_DIR, remessaFileName, storeCnabFile, type StoredCnabFile } from './cnab-file.js';
import { nextFileNumber } from './file-number.js';
import { remessaEntries, remessaEntryOf, TITULO_COLUNAS, TITULO_JUNCOES, type TituloRow } from './remessa-entries.js';
import { dentroDaJanela, devolverRejeitados, foraPorVencimento, janelaDaRemessa, juntarFora, rejeicoes, type Fora } from './remessa-fora.js';
import { assertAdmin } from '../tenancy/access.js';

export const REMESSA_VAZIA = 'Não há títulos para a remessa: nenhum boleto disponível para registro, pedido de baixa ou alteração pendente.';
/** Gerar Remessa for a conta that works by API. */
export const REMESSA_CONTA_API =
  'A conta de cobrança trabalha pela API do banco: os boletos são registrados, alterados e baixados sem arquivo. Para gerar remessas, mude a conta para arquivo CNAB em Conta de Cobrança.';
export const MOTIVO_SEM_REGISTRO = 'Baixa confirmada sem remessa: o título nunca foi enviado ao banco';

const S = SITUACAO;
/** Write-off requests waiting for the bank, and the machine action that confirms each locally. */
const PEDIDOS: [Situacao, BoletoAction][] = [
  [S.ENVIADO_BAIXA, 'confirmarBaixa'],
  [S.ENVIADO_CANCELAMENTO, 'confirmarCancelamento'],
  [S.ENVIADO_REMOCAO, 'confirmarRemocao'],
];
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** The bank received the boleto's entrada once (the only way into ENVIADO PARA REGISTRO is a remessa). */
const registrado = sql`exists (select 1 from boleto_historico h where h.boleto_id = b.id and h.para = ${S.ENVIADO_REGISTRO})`;
/** An "Acerto de atendimento" the bank has not been told about. */
const acertoPendente = sql`exists (select 1 from boleto_historico h where h.boleto_id = b.id and h.motivo = ${ACERTO_MOTIVO} and h.id > coalesce(b.cnab_historico_id, 0))`;
/** The boleto changed since the bank was last told anything about it. */
const mudouDesdeUltimoEnvio = sql`(select max(h.id) from boleto_historico h where h.boleto_id = b.id) > coalesce(b.cnab_historico_id, 0)`;

class EmptyRemessa extends Error {}

export type GerarRemessaDeps = { db: Db; storage: FileStorage };

/**
 * What a generation did: the remessa row (null when nothing went to the bank), the local
 * confirmations and the titles left out, each with its reason (remessa-fora.ts).
 */
export type GerarRemessaResult = { remessa: typeof remessa.$inferSelect | null; baixas_sem_registro: number; fora: Fora };

/**
 * Gerar Remessa (run by the job cnab.remessa, remessa-job.ts), one transaction for one conta — the
 * chosen one (`contaId`), else the house default — in that conta's layout (conta_cobranca.layout_cnab:
 * CNAB 240 or 400, writeRemessaLinesAsync; decision 126); only the conta's own boletos go in it:
 * - entradas: every numbered boleto DISPONÍVEL PARA PAGAMENTO (→ ENVIADO PARA REGISTRO);
 * - pedidos de baixa: boletos ENVIADO PARA BAIXA / CANCELAMENTO / REMOÇÃO that the bank holds and
 *   whose request was not sent yet (the retorno then confirms them);
 * - alterações (06 vencimento, 31 valor): registered open boletos with an "Acerto de atendimento"
 *   the bank has not been told about, when the value differs from what was last sent.
 * A write-off of a title the bank never received is confirmed at once (nothing to ask the bank).
 * A title that cannot be written is left out, never the whole file (remessa-fora.ts): it stays
 * pending and the result lists it with the reason.
 *
 * Two requests never put one boleto in two files: a transaction-scoped advisory lock per account
 * serialises them, and every claim is guarded by the boleto's situação (the second finds nothing
 * and ends empty). The file goes straight to storage (cnab-file.ts): the entradas' lines as they
 * are claimed, ENTRADAS_POR_COMANDO per statement, the next claim running in PostgreSQL while Node
 * writes the lines of the last (entradasReclamadas), then the pedidos and alterações from a cursor
 * (remessa-entries.ts); `onProgress` hears the titles written. `boletoIds` restricts the selection (the
 * demo seed uses it). Nothing to send answers `{ remessa: null }` (the request refused it earlier).
 */
export async function gerarRemessa(
  deps: GerarRemessaDeps,
  actor: Actor,
  options: { contaId?: number; boletoIds?: number[]; onProgress?: (done: number, total: number) => void } = {},
): Promise<GerarRemessaResult> {
  assertAdmin(actor);
  let stored: StoredCnabFile | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const conta = options.contaId === undefined ? await requireContaCobranca(tx) : await contaPorId(tx, options.contaId);
      // a conta by API sends its boletos itself (modules/banco): a job enqueued before the switch makes no file
      if (conta.modo === 'API') throw wrongState(REMESSA_CONTA_API);
      await tx.execute(sql`select pg_advisory_xact_lock(727041, ${conta.id})`);
      const only = options.boletoIds ? sql`and b.id in (${options.boletoIds.length ? sql.join(options.boletoIds.map((id) => sql`${id}`), sql`, `) : sql`null`})` : sql``;
      // due dates a barcode issued today names: the others stay where they are, listed with the reason
      const janela = janelaDaRemessa();
      const foraData = await foraPorVencimento(tx, conta.id, janela, only);

      // released before the account existed: numbered now, as the first print would do — the
      // guarantees whose shop numbers in this conta (its own, or the house default)
      const unnumbered = await rowsOf<{ garantia_id: number; empresa_id: number | null }>(
        tx,
        sql`select distinct b.garantia_id, g.empresa_id from boleto b join garantia g on g.id = b.garantia_id
            where b.situacao = ${S.DISPONIVEL} and b.nosso_numero is null and ${dentroDaJanela(janela)} ${only}`,
      );
      for (const g of unnumbered) {
        if ((await contaDaEmpresa(tx, g.empresa_id))?.id === conta.id) await numberBoletos(tx, conta, g.garantia_id, janela);
      }

      let baixasSemRegistro = 0;
      for (const [situacao, action] of PEDIDOS) {
        // this conta's boletos (or none's: a write-off before numbering)
        const ids = sql`select b.id from boleto b where b.situacao = ${situacao} and not ${registrado} and (b.conta_cobranca_id = ${conta.id} or b.conta_cobranca_id is null) ${only}`;
        baixasSemRegistro += await bulkChangeSituacao(tx, ids, action, situacao, actor, MOTIVO_SEM_REGISTRO);
      }

      let built;
      let fora = foraData;
      try {
        built = await tx.transaction(async (sp) => {
          const numero = await nextFileNumber(sp, conta.id);
          const [row] = await sp.insert(remessa).values({ conta_cobranca_id: conta.id, numero_arquivo: numero, arquivo: '', usuario_id: actor.id }).returning();
          const pedidos = await claimPedidos(sp, row.id, conta.id, only);
          const candidatas = await entradasCandidatas(sp, conta.id, only, dentroDaJanela(janela));
          if (candidatas.length + pedidos === 0) throw new EmptyRemessa();
          const arquivo = remessaFileName(row.created_at, row.id);
          const entradas = entradasReclamadas(candidatas, await claimEntradas(sp, { remessaId: row.id, numero, contaId: conta.id, janela: dentroDaJanela(janela), actor }));
          const entries = counted(emSequencia(entradas, remessaEntries(sp, row.id, { semEntradas: true })), candidatas.length + pedidos, options.onProgress);
          const rejected = rejeicoes();
          const lines = writeRemessaLinesAsync(conta.layout_cnab, { account: cnabAccountFromConta(conta), fileNumber: numero, generatedAt: row.created_at, entries, onRejected: rejected.onRejected });
          stored = await storeCnabFile(sp, deps.storage, { key: `${REMESSAS_DIR}/${arquivo}`, name: arquivo, lines, userId: actor.id });
          const devolvidos = await devolverRejeitados(sp, { id: row.id, numero, contaId: conta.id }, rejected.list);
          if (devolvidos.boletoIds.length) fora = juntarFora(foraData, devolvidos.fora);
          const totals = await remessaTotals(sp, row.id);
          if (totals.itens === 0) {
            // every title given back, or the candidates changed situação before their claim
            await (stored as StoredCnabFile).discard();
            stored = null;
            throw new EmptyRemessa();
          }
          const [saved] = await sp
            .update(remessa)
            .set({
              arquivo,
              file_id: stored.fileId,
              quantidade_entrada: totals.entrada,
              total_valor_entrada: totals.valor_entrada,
              quantidade_baixa: totals.baixa,
              total_valor_baixa: totals.valor_baixa,
              quantidade_alteracao: totals.alteracao,
            })
            .where(eq(remessa.id, row.id))
            .returning();
          await markSent(sp, row.id, conta.id, only, devolvidos.boletoIds);
          return saved;
        });
      } catch (err) {
        if (!(err instanceof EmptyRemessa)) throw err;
        if (!baixasSemRegistro && !fora.quantidade) return { remessa: null, baixas_sem_registro: 0, fora };
        await recordAudit(tx, actor, {
          action: 'remessa.baixasSemRegistro',
          entity: 'remessa',
          summary: { baixas_sem_registro: baixasSemRegistro, titulos_fora: fora.quantidade },
        });
        return { remessa: null, baixas_sem_registro: baixasSemRegistro, fora };
      }
      await recordAudit(tx, actor, {
        action: 'remessa.gerar',
        entity: 'remessa',
        entityId: built.id,
        summary: {
          numero_arquivo: built.numero_arquivo,
          arquivo: built.arquivo,
          quantidade_entrada: built.quantidade_entrada,
          total_valor_entrada: built.total_valor_entrada,
          quantidade_baixa: built.quantidade_baixa,
          total_valor_baixa: built.total_valor_baixa,
          quantidade_alteracao: built.quantidade_alteracao,
          baixas_sem_registro: baixasSemRegistro,
          titulos_fora: fora.quantidade,
          titulos_fora_ids: fora.titulos.map((t) => t.boleto_id),
        },
      });
      return { remessa: built, baixas_sem_registro: baixasSemRegistro, fora };
    });
  } catch (err) {
    await (stored as StoredCnabFile | null)?.discard().catch(() => undefined);
    if (err instanceof CnabError) throw new AppError('WRONG_STATE', `Não foi possível gerar a remessa. ${err.message}`);
    throw err;
  }
}

async function contaPorId(tx: DbOrTx, id: number): Promise<ContaCobrancaRow> {
  const [conta] = await tx.select().from(contaCobranca).where(eq(contaCobranca.id, id));
  if (!conta) throw notFound('Conta de cobrança');
  return conta;
}

async function* counted<T>(source: AsyncIterable<T>, total: number, onProgress?: (done: number, total: number) => void): AsyncGenerator<T> {
  let done = 0;
  onProgress?.(0, total);
  for await (const item of source) {
    yield item;
    if (++done % 1000 === 0) onProgress?.(done, total);
  }
  onProgress?.(done, total);
}

type Totals = { itens: number; entrada: number; valor_entrada: string; baixa: number; valor_baixa: string; alteracao: number };

/** Entradas claimed per statement while the file is written (entradasReclamadas). */
export const ENTRADAS_POR_COMANDO = 5000;

/**
 * The pedidos de baixa and the alterações of the remessa as remessa_item rows (few): they take the
 * boletos' row locks and are marked after the file. Answers how many items were claimed. Claimed
 * before the entradas, which no longer match their filters once claimed (and the reverse).
 */
async function claimPedidos(tx: DbOrTx, remessaId: number, contaId: number, only: SQL): Promise<number> {
  await tx.execute(sql`
    insert into remessa_item (remessa_id, boleto_id, tipo, valor, vencimento)
    select ${remessaId}::int, b.id, 'baixa', b.valor, b.vencimento from boleto b
    where b.situacao in (${list(PEDIDOS.map(([s]) => s))}) and b.conta_cobranca_id = ${contaId} and b.nosso_numero is not null
      and ${registrado} and ${mudouDesdeUltimoEnvio} ${only}
    order by b.id
    for update of b`);
  // what the bank knows is the last value we sent (null when it was registered before remessas were recorded)
  await tx.execute(sql`
    with pendente as (
      select b.id, b.valor, b.vencimento, ultimo.valor as valor_enviado, ultimo.vencimento as vencimento_enviado
      from boleto b
      left join lateral (select ri.valor, ri.vencimento from remessa_item ri where ri.boleto_id = b.id order by ri.id desc limit 1) ultimo on true
      where b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO}) and b.conta_cobranca_id = ${contaId} and b.nosso_numero is not null
        and ${acertoPendente} ${only}
      for update of b
    )
    insert into remessa_item (remessa_id, boleto_id, tipo, valor, vencimento)
    select ${remessaId}::int, id, 'alteracao_vencimento', valor, vencimento from pendente
      where vencimento_enviado is null or vencimento_enviado <> vencimento
    union all
    select ${remessaId}::int, id, 'alteracao_valor', valor, vencimento from pendente
      where valor_enviado is null or valor_enviado <> valor`);
  return (await remessaTotals(tx, remessaId)).itens;
}

/** The numbered DISPONÍVEL boletos of the account inside the window, in id order (the file's order). */
async function entradasCandidatas(tx: DbOrTx, contaId: number, only: SQL, janela: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select b.id from boleto b where b.situacao = ${S.DISPONIVEL} and b.conta_cobranca_id = ${contaId} and b.nosso_numero is not null and ${janela} ${only} order by b.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Claims some candidate entradas in one statement: the guarded UPDATE (the machine's "remessa"
 * transition, rechecked under each row's lock) feeds the items and the history rows, marks what
 * the bank now knows (every history row up to the remessa's start: an Acerto made while
 * DISPONÍVEL travels inside the entrada — the same mark for every chunk), and answers the claimed
 * titles' lines in id order. A candidate that changed situação meanwhile is simply not claimed.
 */
async function claimEntradas(tx: DbOrTx, r: { remessaId: number; numero: number; contaId: number; janela: SQL; actor: Actor }): Promise<(ids: number[]) => Promise<TituloRow[]>> {
  const to = nextSituacao('remessa', S.DISPONIVEL);
  const [{ ate }] = await rowsOf<{ ate: string | null }>(tx, sql`select max(id)::text as ate from boleto_historico`);
  return (ids) =>
    rowsOf<TituloRow>(
      tx,
      sql`
      with moved as (
        update boleto b set situacao = ${to}, updated_at = now(), cnab_historico_id = ${ate}::bigint
        where b.id = any(${`{${ids.join(',')}}`}::int[]) and b.situacao = ${S.DISPONIVEL} and b.conta_cobranca_id = ${r.contaId} and b.nosso_numero is not null and ${r.janela}
        returning b.id, b.valor, b.vencimento, b.nosso_numero, b.parcela, b.created_at, b.garantia_id
      ), itens as (
        insert into remessa_item (remessa_id, boleto_id, tipo, valor, vencimento)
        select ${r.remessaId}::int, id, 'entrada', valor, vencimento from moved order by id
      ), historico as (
        insert into boleto_historico (boleto_id, de, para, motivo, usuario_id)
        select id, ${S.DISPONIVEL}::varchar, ${to}::varchar, ${`Remessa nº ${r.numero}`}::varchar, ${r.actor.id}::int from moved
      )
      select 'entrada' as tipo, b.valor::text as valor, b.vencimento::text as vencimento, ${TITULO_COLUNAS}
      from moved b ${TITULO_JUNCOES}
      order by b.id`,
    );
}

/**
 * The entradas' lines, claimed ENTRADAS_POR_COMANDO at a time as the file is written: the next
 * chunk's claim is sent before this chunk's lines are handed out, so PostgreSQL changes the next
 * boletos (the bulk of Gerar Remessa's database time) while Node formats these (the bulk of its
 * own) — on two CPUs the two overlap instead of following each other. Memory stays one chunk.
 */
async function* entradasReclamadas(candidatas: number[], claim: (ids: number[]) => Promise<TituloRow[]>): AsyncGenerator<RemessaEntry> {
  const send = (from: number) => {
    if (from >= candidatas.length) return null;
    const rows = claim(candidatas.slice(from, from + ENTRADAS_POR_COMANDO));
    rows.catch(() => undefined); // awaited below; handled now, so a failure while the writer works is not "unhandled"
    return rows;
  };
  let next = send(0);
  try {
    for (let from = 0; next; from += ENTRADAS_POR_COMANDO) {
      const rows: TituloRow[] = await next;
      next = send(from + ENTRADAS_POR_COMANDO);
      for (const row of rows) yield remessaEntryOf(row);
    }
  } finally {
    // the writer stopped early: the claim sent last ends before the transaction rolls back
    await next?.catch(() => undefined);
  }
}

async function* emSequencia<T>(...sources: AsyncIterable<T>[]): AsyncGenerator<T> {
  for (const source of sources) yield* source;
}

/** What the remessa's items add up to (after a title given back, again). */
async function remessaTotals(tx: DbOrTx, remessaId: number): Promise<Totals> {
  const [t] = await rowsOf<Totals>(
    tx,
    sql`select count(*)::int as itens,
      count(*) filter (where tipo = 'entrada')::int as entrada,
      coalesce(sum(valor) filter (where tipo = 'entrada'), 0)::text as valor_entrada,
      count(*) filter (where tipo = 'baixa')::int as baixa,
      coalesce(sum(valor) filter (where tipo = 'baixa'), 0)::text as valor_baixa,
      count(*) filter (where tipo like 'alteracao%')::int as alteracao
    from remessa_item where remessa_id = ${remessaId}`,
  );
  return { ...t, itens: Number(t.itens), valor_entrada: centsText(t.valor_entrada), valor_baixa: centsText(t.valor_baixa) };
}

/**
 * The bank now knows everything up to each boleto's last history row: the boletos of the pedidos
 * and alterações sent, and the ones whose Acerto needed no alteration (same values as sent).
 */
async function markSent(tx: DbOrTx, remessaId: number, contaId: number, only: SQL, devolvidos: number[]): Promise<void> {
  const ultimo = sql`(select max(h.id) from boleto_historico h where h.boleto_id = b.id)`;
  await tx.execute(sql`
    update boleto b set cnab_historico_id = ${ultimo}
    where b.id in (select boleto_id from remessa_item where remessa_id = ${remessaId} and tipo <> 'entrada')`);
  await tx.execute(sql`
    update boleto b set cnab_historico_id = ${ultimo}
    where b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO}) and b.conta_cobranca_id = ${contaId} and ${acertoPendente} ${only}
      and not (b.id = any(${`{${devolvidos.join(',')}}`}::int[]))`);
}

function centsText(value: string): string {
  return fromCents(toCents(value)).toFixed(2);
}

async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as { rows: T[] }).rows;
}
