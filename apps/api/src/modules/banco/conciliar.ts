import { and, eq, sql } from 'drizzle-orm';
import { addDays, isIsoDate, SITUACAO, todayInSaoPaulo, type IsoDate, type Situacao } from '@bg/domain';
import { BankError, type BankAdapter, type BankCall, type BankListSituacao, type BankSettlement, type BankTituloEstado } from '../../adapters/bank/bank-adapter.js';
import { UnsupportedBankError } from '../../adapters/bank/choose-bank-adapter.js';
import type { Db } from '../../db/client.js';
import { bancoDivergencia, bancoRegistro, type DivergenciaTipo } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/index.js';
import type { BankServices } from '../../services.js';
import { adapterOf, contaById, contasApi, faltaParaApi, type ContaRow } from './conta-banco.js';
import { judgeTitle, type NossoTitulo, type TituloNoBanco } from './conciliar-judge.js';
import { applyBankSettlement } from './conciliar-apply.js';
import { rowsOf, storeCalls } from './sync-conta.js';

const S = SITUACAO;

/** Default window of the bank's lists: the last 3 days (a run missed over a weekend is caught up). */
export const CONCILIAR_DIAS = 3;
/** Titles asked one by one per conta and run (banks without a listing, findings not in the lists). */
export const CONCILIAR_CONSULTAS = 200;
/** A registration sent this recently may still be waiting for its answer: not a finding yet. */
const ENVIO_RECENTE_MINUTOS = 10;

export type ConciliacaoContaResult = { conta_cobranca_id: number; titulos_banco: number; consultados: number; pagamentos_aplicados: number; novas: number; resolvidas: number; erro: string | null };
export type ConciliacaoResult = { desde: IsoDate; contas: ConciliacaoContaResult[] };

/** The open situações a title the bank wrote off or does not know should not be in (DOMAIN.md: still expected to be paid). */
const OPEN_REGISTERED: Situacao[] = [S.ENVIADO_REGISTRO, S.GARANTIDO, S.QUITADO];

/**
 * The job banco.conciliar (docs/banks.md "Conciliação"): for each conta by API (or the one given),
 * our boletos against the bank's lists since `desde` (default: 3 days ago). A payment at the bank
 * whose boleto is open here is applied at once (applySettlement: the webhook's path, idempotent);
 * what cannot be put right alone becomes a finding (banco_divergencia, one open per title and
 * kind), and the open findings that no longer hold are resolved.
 */
export async function runConciliar(data: { contaId?: number; desde?: string }, ctx: JobContext): Promise<ConciliacaoResult> {
  const hoje = todayInSaoPaulo(ctx.clock.now());
  const desde = data.desde && isIsoDate(data.desde) && data.desde <= hoje ? data.desde : addDays(hoje, -CONCILIAR_DIAS);
  const contas = data.contaId ? [await contaById(ctx.db, data.contaId)].filter((c): c is ContaRow => c?.modo === 'API') : await contasApi(ctx.db);
  const result: ConciliacaoResult = { desde, contas: [] };
  for (const [i, conta] of contas.entries()) {
    ctx.throwIfInterrupted();
    const r = await conciliarConta(ctx.db, ctx.bank, conta.id, { desde, hoje });
    if (r) result.contas.push(r);
    ctx.progress(i + 1, contas.length, 'contas');
  }
  return result;
}

type Options = { desde?: IsoDate; hoje?: IsoDate; consultas?: number };

/** One conta's reconciliation; null when the conta does not work by API (or its bank has no adapter). */
export async function conciliarConta(db: Db, bank: BankServices, contaId: number, opts: Options = {}): Promise<ConciliacaoContaResult | null> {
  const conta = await contaById(db, contaId);
  if (!conta || conta.modo !== 'API' || faltaParaApi(bank, conta)) return null;
  let adapter: BankAdapter;
  try {
    adapter = adapterOf(bank, conta);
  } catch (e) {
    if (e instanceof UnsupportedBankError) return null;
    throw e;
  }
  const hoje = opts.hoje ?? todayInSaoPaulo();
  const desde = opts.desde ?? addDays(hoje, -CONCILIAR_DIAS);
  const budget = { left: opts.consultas ?? CONCILIAR_CONSULTAS };
  const result: ConciliacaoContaResult = { conta_cobranca_id: conta.id, titulos_banco: 0, consultados: 0, pagamentos_aplicados: 0, novas: 0, resolvidas: 0, erro: null };
  const calls: BankCall[] = [];
  const log = (c: BankCall) => void calls.push(c);

  // 1. what the bank says, title by title (null: the bank does not know it)
  const atBank = new Map<string, TituloNoBanco | null>();
  try {
    if (adapter.listTitles) {
      // a title that moved during the window is in two lists: the later state wins
      for (const situacao of ['ABERTOS', 'BAIXADOS', 'LIQUIDADOS'] as BankListSituacao[]) {
        for (const t of await adapter.listTitles(situacao, desde, hoje, log)) atBank.set(t.numeroBanco, { estado: t.estado, pagamento: t.pagamento });
      }
      result.titulos_banco = atBank.size;
      // ours registered in the window that no list had: asked one by one before calling them unknown
      const missing = (await registeredSince(db, conta.id, desde)).filter((n) => !atBank.has(n));
      await ask(adapter, missing, atBank, budget, log, result);
    } else {
      const due = await oldestChecked(db, conta.id, budget.left);
      await ask(adapter, due, atBank, budget, log, result);
      if (due.length) {
        await db.update(bancoRegistro).set({ conciliado_em: sql`now()` }).where(and(eq(bancoRegistro.conta_cobranca_id, conta.id), sql`${bancoRegistro.numero_banco} in (${sql.join(due.map((n) => sql`${n}`), sql`, `)})`));
      }
    }
    // the open findings the lists did not cover are checked again, so they can be resolved
    const open = (await openFindings(db, conta.id)).map((f) => f.numero_banco).filter((n) => !atBank.has(n));
    await ask(adapter, [...new Set(open)], atBank, budget, log, result);
  } catch (e) {
    if (!(e instanceof BankError)) throw e;
    // a list that failed says nothing about what is missing: no finding is made or resolved
    await storeCalls(db, conta.id, null, calls);
    result.erro = e.message;
    return result;
  }
  await storeCalls(db, conta.id, null, calls);

  // 2. each title judged against ours; payments applied; findings recorded
  const ours = await oursByNumero(db, conta.id, [...atBank.keys()]);
  const found = new Map<string, Set<DivergenciaTipo>>();
  const recentSince = new Date(Date.now() - ENVIO_RECENTE_MINUTOS * 60_000);
  for (const [numero, noBanco] of atBank) {
    const nosso = ours.get(numero) ?? null;
    const verdict = judgeTitle(nosso, noBanco, { recentSince, openRegistered: OPEN_REGISTERED });
    if (verdict.kind === 'aplicar' && nosso) {
      const applied = await applyBankSettlement(db, conta.id, nosso, verdict.pagamento, 'conciliação');
      if (applied) {
        result.pagamentos_aplicados++;
        continue;
      }
      await finding(db, conta, nosso, numero, 'PAGAMENTO_NAO_APLICADO', detalheOf(nosso, noBanco, hoje, 'O boleto mudou de situação antes de o pagamento ser aplicado.'), found, result);
    } else if (verdict.kind === 'divergencia') {
      await finding(db, conta, nosso, numero, verdict.tipo, detalheOf(nosso, noBanco, hoje, verdict.motivo), found, result);
    }
  }

  // 3. open findings of the titles judged now that were not found again no longer hold
  const resolucao = `Resolvida pela conciliação de ${hoje.slice(8, 10)}/${hoje.slice(5, 7)}`;
  for (const f of await openFindings(db, conta.id)) {
    if (!atBank.has(f.numero_banco) || found.get(f.numero_banco)?.has(f.tipo)) continue;
    // a cancelled payment of a boleto liquidated here (the webhook's finding) is the operator's to settle
    if (f.cancelamento) continue;
    const done = await db
      .update(bancoDivergencia)
      .set({ estado: 'RESOLVIDA', resolucao, resolvida_em: sql`now()` })
      .where(and(eq(bancoDivergencia.id, f.id), eq(bancoDivergencia.estado, 'ABERTA')))
      .returning({ id: bancoDivergencia.id });
    result.resolvidas += done.length;
  }
  return result;
}

/** Asks the bank for each title (within the run's budget); a title it could not answer is left out (not judged). */
async function ask(adapter: BankAdapter, numeros: string[], atBank: Map<string, TituloNoBanco | null>, budget: { left: number }, log: (c: BankCall) => void, result: ConciliacaoContaResult) {
  for (const numero of numeros) {
    if (budget.left <= 0) return;
    budget.left--;
    result.consultados++;
    try {
      const state = await adapter.get(numero, log);
      atBank.set(numero, state ? { estado: state.estado, pagamento: state.pagamento } : null);
    } catch (e) {
      // one title the bank would not answer now: judged on a later run; a failure of the whole bank stops the run
      if (!(e instanceof BankError) || e.kind === 'INDISPONIVEL' || e.kind === 'CREDENCIAIS') throw e;
    }
  }
}

async function finding(db: Db, conta: ContaRow, nosso: NossoTitulo | null, numero: string, tipo: DivergenciaTipo, detalhe: Record<string, unknown>, found: Map<string, Set<DivergenciaTipo>>, result: ConciliacaoContaResult) {
  const set = found.get(numero) ?? new Set<DivergenciaTipo>();
  set.add(tipo);
  found.set(numero, set);
  const inserted = await db
    .insert(bancoDivergencia)
    .values({ conta_cobranca_id: conta.id, boleto_id: nosso?.boleto_id ?? null, numero_banco: numero, tipo, detalhe })
    .onConflictDoNothing()
    .returning({ id: bancoDivergencia.id });
  result.novas += inserted.length;
}

/** What the screen shows of a finding: the bank's side and ours (amounts in cents here, in reais on the wire). */
function detalheOf(nosso: NossoTitulo | null, noBanco: TituloNoBanco | null, hoje: IsoDate, motivo: string): Record<string, unknown> {
  const p: BankSettlement | null = noBanco?.pagamento ?? null;
  return {
    origem: 'conciliacao',
    conciliacao_em: hoje,
    motivo,
    estado_banco: noBanco ? estadoTexto[noBanco.estado] : 'Desconhecido no banco',
    situacao_aqui: nosso ? (nosso.situacao ?? 'Aguardando liberação') : 'Sem boleto aqui',
    registro_aqui: nosso?.estado ?? null,
    valor_titulo_cents: nosso ? nosso.valor_cents : (p?.valorTituloCents ?? null),
    ...(p && { data_pagamento: p.dataPagamento, valor_pago_cents: p.valorPagoCents, canal: p.canal }),
  };
}

const estadoTexto: Record<BankTituloEstado, string> = { REGISTRADO: 'Registrado (em aberto)', LIQUIDADO: 'Liquidado', BAIXADO: 'Baixado', OUTRO: 'Outro estado no banco' };

/** Our registered titles of the conta registered since the day (the lists' window), by their bank number. */
async function registeredSince(db: Db, contaId: number, desde: IsoDate): Promise<string[]> {
  const rows = await rowsOf<{ numero_banco: string }>(
    db,
    sql`select r.numero_banco from banco_registro r join boleto b on b.id = r.boleto_id
        where r.conta_cobranca_id = ${contaId} and r.estado = 'REGISTRADO' and r.numero_banco is not null
          and r.registrado_em >= ${desde}::date and b.situacao in (${sql.join(OPEN_REGISTERED.map((s) => sql`${s}`), sql`, `)})
        order by r.boleto_id`,
  );
  return rows.map((r) => r.numero_banco);
}

/** Banks without a listing: our open registered (or sent) titles, the ones checked longest ago first. */
async function oldestChecked(db: Db, contaId: number, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const rows = await rowsOf<{ numero_banco: string }>(
    db,
    sql`select r.numero_banco from banco_registro r join boleto b on b.id = r.boleto_id
        where r.conta_cobranca_id = ${contaId} and r.estado in ('REGISTRADO','ENVIANDO') and r.numero_banco is not null
          and b.situacao in (${sql.join([...OPEN_REGISTERED, S.DISPONIVEL].map((s) => sql`${s}`), sql`, `)})
        order by r.conciliado_em nulls first, r.boleto_id
        limit ${limit}`,
  );
  return rows.map((r) => r.numero_banco);
}

async function openFindings(db: Db, contaId: number) {
  return rowsOf<{ id: number; numero_banco: string; tipo: DivergenciaTipo; cancelamento: boolean }>(
    db,
    sql`select id, numero_banco, tipo, coalesce((detalhe->>'cancelamento')::boolean, false) as cancelamento
        from banco_divergencia where conta_cobranca_id = ${contaId} and estado = 'ABERTA' order by id`,
  );
}

/** Our side of each title the bank spoke of, by its bank number (in chunks: a list can be long). */
async function oursByNumero(db: Db, contaId: number, numeros: string[]): Promise<Map<string, NossoTitulo>> {
  const out = new Map<string, NossoTitulo>();
  for (let i = 0; i < numeros.length; i += 500) {
    const chunk = numeros.slice(i, i + 500);
    const rows = await rowsOf<Omit<NossoTitulo, 'valor_cents'> & { valor_cents: string | number }>(
      db,
      sql`select r.boleto_id, r.numero_banco, r.estado, r.enviado_em, b.situacao, b.nosso_numero::text as nosso_numero, (b.valor * 100)::bigint::text as valor_cents
          from banco_registro r join boleto b on b.id = r.boleto_id
          where r.conta_cobranca_id = ${contaId} and r.numero_banco in (${sql.join(chunk.map((n) => sql`${n}`), sql`, `)})`,
    );
    for (const r of rows) out.set(r.numero_banco, { ...r, boleto_id: Number(r.boleto_id), valor_cents: Number(r.valor_cents), enviado_em: r.enviado_em ? new Date(r.enviado_em) : null });
  }
  return out;
}
