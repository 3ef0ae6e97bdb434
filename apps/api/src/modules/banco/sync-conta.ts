import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimalText, SITUACAO, todayInSaoPaulo, toCents, type BoletoAction, type IsoDate, type Situacao } from '@bg/domain';
import { BankError, type BankAdapter, type BankCall, type BankChange, type BankRegistration } from '../../adapters/bank/bank-adapter.js';
import { UnsupportedBankError } from '../../adapters/bank/choose-bank-adapter.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { bancoComunicacao, bancoRegistro, boleto } from '../../db/schema/index.js';
import type { BankServices } from '../../services.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { boletoDocumentNumber, payerOf, saoPauloDate } from '../cnab/remessa-entries.js';
import { applyBankMovements } from './apply-bank-movements.js';
import { adapterOf, contaById, faltaParaApi, type ContaRow } from './conta-banco.js';

const S = SITUACAO;

/** The system acts (a job): no user. */
const SISTEMA = { id: null, ip: null } as const;

/** Boletos handled per run and kind of work (the job is enqueued again while work is left). */
export const SYNC_BATCH = 50;

export type SyncResult = { registrados: number; rejeitados: number; alterados: number; baixados: number; adiados: number; falhas: number; restante: boolean };

/** Backoff after a failure: 30 s, 1 min, 2 min… up to an hour. */
export function backoffSeconds(tentativas: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, Math.min(tentativas - 1, 10)));
}

const PEDIDOS: [Situacao, BoletoAction][] = [
  [S.ENVIADO_BAIXA, 'confirmarBaixa'],
  [S.ENVIADO_CANCELAMENTO, 'confirmarCancelamento'],
  [S.ENVIADO_REMOCAO, 'confirmarRemocao'],
];

/**
 * The job `banco.sincronizar` of one conta that works by API (issue 26, docs/banks.md): sends the
 * bank what it must know, one boleto at a time, each step its own short transaction around the
 * HTTP call (never a transaction held while the bank answers):
 *  - registrations: every released boleto of the conta (DISPONÍVEL with its nosso número) becomes
 *    ENVIADO PARA REGISTRO and is sent; the bank's confirmation enters as the retorno's "entrada
 *    confirmada" (→ GARANTIDO, printable), a refusal as "entrada rejeitada" (→ DISPONÍVEL, the
 *    operator corrects and resends). A call without an answer (timeout, 5xx) leaves it ENVIANDO:
 *    the next try first asks the bank for the title, so a registration that did happen is never
 *    sent twice ("nosso número já incluído" is reconciled the same way);
 *  - changes: a registered boleto whose valor or vencimento differs from what the bank holds, once
 *    the conta's wait after registration passed (BB: 30 min) — queued until then, never an error;
 *  - write-offs: ENVIADO PARA BAIXA / CANCELAMENTO / REMOÇÃO boletos the bank holds; the bank's
 *    answer confirms them as the retorno's "baixa" would. One the bank never held is confirmed at once.
 * A bank that is down leaves the work where it is with its next try later (backoff).
 */
export async function syncConta(db: Db, bank: BankServices, contaId: number, opts: { now?: () => Date; batch?: number; signal?: AbortSignal } = {}): Promise<SyncResult> {
  const result: SyncResult = { registrados: 0, rejeitados: 0, alterados: 0, baixados: 0, adiados: 0, falhas: 0, restante: false };
  const conta = await contaById(db, contaId);
  if (!conta || conta.modo !== 'API' || faltaParaApi(bank, conta)) return result;
  let adapter: BankAdapter;
  try {
    adapter = adapterOf(bank, conta);
  } catch (e) {
    if (e instanceof UnsupportedBankError) return result;
    throw e;
  }
  const now = opts.now ?? (() => new Date());
  const batch = opts.batch ?? SYNC_BATCH;

  await adoptReleased(db, conta.id);
  await adoptSentByFile(db, conta.id, adapter);
  await confirmNeverRegistered(db, conta.id);

  const work = await dueWork(db, conta, now(), batch);
  for (const w of work) {
    if (opts.signal?.aborted) break;
    const outcome = w.kind === 'registrar' ? await registerOne(db, adapter, conta, w.boletoId) : w.kind === 'alterar' ? await changeOne(db, adapter, conta, w.boletoId) : await writeOffOne(db, adapter, conta, w.boletoId);
    result[outcome]++;
  }
  result.restante = work.length >= batch;
  return result;
}

/** Released boletos of the conta that have no registration yet get one (PENDENTE). */
async function adoptReleased(db: Db, contaId: number) {
  await db.execute(sql`
    insert into banco_registro (boleto_id, conta_cobranca_id)
    select b.id, b.conta_cobranca_id from boleto b
    where b.conta_cobranca_id = ${contaId} and b.situacao = ${S.DISPONIVEL} and b.nosso_numero is not null
      and not exists (select 1 from banco_registro r where r.boleto_id = b.id)
    order by b.id
    limit 1000
    on conflict do nothing`);
}

/** The boleto went to the bank once, by a remessa or by API (the only ways into ENVIADO PARA REGISTRO; gerar-remessa.ts's `registrado`). */
const sentToBank = sql`exists (select 1 from boleto_historico h where h.boleto_id = b.id and h.para = ${S.ENVIADO_REGISTRO})`;

/**
 * A conta switched from CNAB files to API holds boletos the bank knows from a remessa: they get
 * their registration row so changes and write-offs go by API (never a write-off confirmed here
 * while the bank still holds the title). Confirmed by a retorno (GARANTIDO, or a pending request):
 * REGISTRADO, with what the bank holds taken from the last remessa item. Sent but not confirmed
 * (ENVIADO PARA REGISTRO): ENVIANDO — the next try asks the bank before registering it by API.
 */
async function adoptSentByFile(db: Db, contaId: number, adapter: BankAdapter) {
  const rows = await rowsOf<{ id: number; nosso_numero: string; situacao: Situacao; valor: string; vencimento: string }>(
    db,
    sql`select b.id, b.nosso_numero::text as nosso_numero, b.situacao,
               coalesce(ultimo.valor, b.valor)::text as valor, coalesce(ultimo.vencimento, b.vencimento)::text as vencimento
        from boleto b
        left join lateral (select ri.valor, ri.vencimento from remessa_item ri where ri.boleto_id = b.id order by ri.id desc limit 1) ultimo on true
        where b.conta_cobranca_id = ${contaId} and b.nosso_numero is not null
          and b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO}, ${S.ENVIADO_BAIXA}, ${S.ENVIADO_CANCELAMENTO}, ${S.ENVIADO_REMOCAO})
          and ${sentToBank}
          and not exists (select 1 from banco_registro r where r.boleto_id = b.id)
        order by b.id limit 1000`,
  );
  if (!rows.length) return;
  await db
    .insert(bancoRegistro)
    .values(
      rows.map((r) => {
        const confirmed = r.situacao !== S.ENVIADO_REGISTRO;
        return {
          boleto_id: Number(r.id),
          conta_cobranca_id: contaId,
          estado: confirmed ? ('REGISTRADO' as const) : ('ENVIANDO' as const),
          numero_banco: adapter.numeroBanco(Number(r.nosso_numero)),
          registrado_em: confirmed ? new Date() : null,
          valor_enviado: r.valor,
          vencimento_enviado: r.vencimento,
        };
      }),
    )
    .onConflictDoNothing();
}

/** A pedido de baixa/cancelamento/remoção of a boleto the bank never held is confirmed at once (as the remessa does). */
async function confirmNeverRegistered(db: Db, contaId: number) {
  for (const [situacao, action] of PEDIDOS) {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select b.id from boleto b left join banco_registro r on r.boleto_id = b.id
          where b.conta_cobranca_id = ${contaId} and b.situacao = ${situacao}
            and (r.estado in ('PENDENTE','REJEITADO') or (r.boleto_id is null and not ${sentToBank}))
          order by b.id limit 500`,
    );
    for (const { id } of rows) {
      await db.transaction(async (tx) => {
        const [b] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, id)).for('update');
        if (b?.situacao !== situacao) return;
        await changeSituacao(tx, id, action, SISTEMA, 'Nunca registrado no banco: confirmado sem pedido ao banco');
        await tx.delete(bancoRegistro).where(and(eq(bancoRegistro.boleto_id, id), sql`${bancoRegistro.estado} in ('PENDENTE','REJEITADO')`));
      });
    }
  }
}

type Work = { kind: 'registrar' | 'alterar' | 'baixar'; boletoId: number };

async function dueWork(db: Db, conta: ContaRow, at: Date, limit: number): Promise<Work[]> {
  const rows = await rowsOf<{ id: number; kind: Work['kind'] }>(
    db,
    sql`(select r.boleto_id as id, 'registrar' as kind from banco_registro r
          where r.conta_cobranca_id = ${conta.id} and r.estado in ('PENDENTE','ENVIANDO') and r.proxima_tentativa <= ${at}
          order by r.proxima_tentativa, r.boleto_id limit ${limit})
        union all
        (select r.boleto_id, 'baixar' from banco_registro r join boleto b on b.id = r.boleto_id
          where r.conta_cobranca_id = ${conta.id} and r.estado = 'REGISTRADO' and r.baixa_enviada_em is null and r.proxima_tentativa <= ${at}
            and b.situacao in (${S.ENVIADO_BAIXA}, ${S.ENVIADO_CANCELAMENTO}, ${S.ENVIADO_REMOCAO})
          order by r.boleto_id limit ${limit})
        union all
        (select r.boleto_id, 'alterar' from banco_registro r join boleto b on b.id = r.boleto_id
          where r.conta_cobranca_id = ${conta.id} and r.estado = 'REGISTRADO' and r.proxima_tentativa <= ${at}
            and b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO})
            and (b.valor <> r.valor_enviado or b.vencimento <> r.vencimento_enviado)
            and r.registrado_em + make_interval(mins => ${conta.alteracao_espera_minutos}) <= ${at}
          order by r.boleto_id limit ${limit})`,
  );
  return rows.map((r) => ({ kind: r.kind, boletoId: Number(r.id) }));
}

type Outcome = 'registrados' | 'rejeitados' | 'alterados' | 'baixados' | 'adiados' | 'falhas';

type Payload = {
  id: number;
  situacao: Situacao | null;
  nosso_numero: string;
  valor: string;
  vencimento: string;
  parcela: number;
  created_at: Date | string;
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
  estado: string;
  numero_banco: string | null;
};

async function payload(db: DbOrTx, boletoId: number): Promise<Payload | null> {
  const [row] = await rowsOf<Payload>(
    db,
    sql`select b.id, b.situacao, b.nosso_numero::text as nosso_numero, b.valor::text as valor, b.vencimento::text as vencimento, b.parcela, b.created_at,
               g.id as garantia_id, g.digito as garantia_digito, p.cpf_cnpj, p.nome_razao, v.endereco, v.numero, v.complemento, v.bairro, v.cep, v.cidade, v.uf,
               r.estado, r.numero_banco
        from banco_registro r join boleto b on b.id = r.boleto_id join garantia g on g.id = b.garantia_id join pessoa p on p.id = g.pessoa_id
        left join pessoa_visao v on v.pessoa_id = g.pessoa_id and v.empresa_id = g.empresa_id
        where r.boleto_id = ${boletoId}`,
  );
  return row ?? null;
}

/** Sends (or confirms) one registration. */
async function registerOne(db: Db, adapter: BankAdapter, conta: ContaRow, boletoId: number): Promise<Outcome> {
  // 1. claim: PENDENTE → ENVIANDO with the boleto ENVIADO PARA REGISTRO, what we send recorded first
  const claimed = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId)).for('update', { skipLocked: true });
    if (!r || (r.estado !== 'PENDENTE' && r.estado !== 'ENVIANDO')) return null;
    const p = await payload(tx, boletoId);
    if (!p) return null;
    if (r.estado === 'PENDENTE') {
      if (p.situacao !== S.DISPONIVEL) {
        // cancelled, paid or removed before it was sent: nothing to register
        await tx.delete(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId));
        return null;
      }
      await changeSituacao(tx, boletoId, 'remessa', SISTEMA, `Registro enviado ao banco por API (${conta.banco === '001' ? 'Banco do Brasil' : 'Caixa'})`);
    }
    const numeroBanco = adapter.numeroBanco(Number(p.nosso_numero));
    await tx
      .update(bancoRegistro)
      .set({ estado: 'ENVIANDO', numero_banco: numeroBanco, tentativas: r.tentativas + 1, enviado_em: sql`now()`, valor_enviado: p.valor, vencimento_enviado: p.vencimento, updated_at: sql`now()` })
      .where(eq(bancoRegistro.boleto_id, boletoId));
    return { p, numeroBanco, retry: r.estado === 'ENVIANDO', tentativas: r.tentativas + 1 };
  });
  if (!claimed) return 'adiados';
  const { p, numeroBanco, retry, tentativas } = claimed;
  const calls: BankCall[] = [];
  const log = (c: BankCall) => void calls.push(c);

  let registration: BankRegistration | null = null;
  let error: BankError | null = null;
  try {
    // after a call without an answer the bank may hold it already: ask before sending again
    const known = retry ? await adapter.get(numeroBanco, log) : null;
    if (known) registration = { numeroBanco, linhaDigitavel: known.linhaDigitavel, codigoBarras: known.codigoBarras, pix: null };
    else registration = await adapter.register(registrationOf(p), log);
  } catch (e) {
    if (!(e instanceof BankError)) throw e;
    error = e;
    if (e.kind === 'JA_INCLUIDO') {
      try {
        const known = await adapter.get(numeroBanco, log);
        if (known) {
          registration = { numeroBanco, linhaDigitavel: known.linhaDigitavel, codigoBarras: known.codigoBarras, pix: null };
          error = null;
        }
      } catch (again) {
        if (!(again instanceof BankError)) throw again;
        error = again;
      }
    }
  }

  // 2. the outcome, with what was said, in one transaction
  return db.transaction(async (tx) => {
    await storeCalls(tx, conta.id, boletoId, calls);
    if (registration) {
      await tx
        .update(bancoRegistro)
        .set({
          estado: 'REGISTRADO',
          registrado_em: sql`now()`,
          linha_digitavel: registration.linhaDigitavel,
          codigo_barras: registration.codigoBarras,
          pix_emv: registration.pix?.emv ?? sql`${bancoRegistro.pix_emv}`,
          pix_txid: registration.pix?.txid ?? sql`${bancoRegistro.pix_txid}`,
          ultimo_erro: null,
          updated_at: sql`now()`,
        })
        .where(eq(bancoRegistro.boleto_id, boletoId));
      await applyBankMovements(tx, conta.id, [{ movimento: '02', descricao: 'Entrada confirmada (registro por API)', sequencial: Number(p.nosso_numero), numeroBanco, dataOcorrencia: todayInSaoPaulo(), valorTituloCents: toCents(p.valor) }], SISTEMA);
      return 'registrados';
    }
    const e = error as BankError;
    if (e.kind === 'REJEITADO') {
      await tx.update(bancoRegistro).set({ estado: 'REJEITADO', ultimo_erro: e.message.slice(0, 600), updated_at: sql`now()` }).where(eq(bancoRegistro.boleto_id, boletoId));
      await applyBankMovements(
        tx,
        conta.id,
        [{ movimento: '03', descricao: 'Entrada rejeitada (registro por API)', sequencial: Number(p.nosso_numero), numeroBanco, dataOcorrencia: todayInSaoPaulo(), valorTituloCents: toCents(p.valor), motivos: e.erros }],
        SISTEMA,
      );
      return 'rejeitados';
    }
    // no answer, bank down, wrong credentials, asked to wait: try again later, asking first
    await tx
      .update(bancoRegistro)
      .set({ ultimo_erro: e.message.slice(0, 600), proxima_tentativa: sql`now() + make_interval(secs => ${backoffSeconds(tentativas)})`, updated_at: sql`now()` })
      .where(eq(bancoRegistro.boleto_id, boletoId));
    return 'falhas';
  });
}

function registrationOf(p: Payload) {
  const payer = payerOf(p);
  return {
    sequencial: Number(p.nosso_numero),
    seuNumero: boletoDocumentNumber(p.garantia_id, p.garantia_digito, p.parcela),
    dataEmissao: saoPauloDate(new Date()) as IsoDate,
    vencimento: p.vencimento as IsoDate,
    valorCents: toCents(p.valor),
    pagador: { documento: payer.document, nome: payer.name, endereco: payer.address, cep: payer.cep, cidade: payer.city, bairro: payer.district, uf: payer.uf },
    multaBps: 200,
    pix: true,
  };
}

/** Sends one change (new vencimento and/or valor). */
async function changeOne(db: Db, adapter: BankAdapter, conta: ContaRow, boletoId: number): Promise<Outcome> {
  const [row] = await rowsOf<{ numero_banco: string; valor: string; vencimento: string; valor_enviado: string | null; vencimento_enviado: string | null; tentativas: number; registrado_em: Date | string | null }>(
    db,
    sql`select r.numero_banco, b.valor::text as valor, b.vencimento::text as vencimento, r.valor_enviado::text as valor_enviado, r.vencimento_enviado::text as vencimento_enviado, r.tentativas, r.registrado_em
        from banco_registro r join boleto b on b.id = r.boleto_id where r.boleto_id = ${boletoId}`,
  );
  const p = await payload(db, boletoId);
  if (!row || !p) return 'adiados';
  const change: BankChange = {
    ...(row.vencimento !== row.vencimento_enviado && { vencimento: row.vencimento as IsoDate }),
    ...(row.valor_enviado === null || toCents(row.valor) !== toCents(row.valor_enviado) ? { valorCents: toCents(row.valor) } : {}),
    // the whole title as it now is (Caixa's PUT replaces it), issued the day it was registered
    titulo: { ...registrationOf(p), ...(row.registrado_em && { dataEmissao: saoPauloDate(new Date(row.registrado_em)) as IsoDate }) },
  };
  const calls: BankCall[] = [];
  let error: BankError | null = null;
  try {
    await adapter.change(row.numero_banco, change, (c) => void calls.push(c));
  } catch (e) {
    if (!(e instanceof BankError)) throw e;
    error = e;
  }
  return db.transaction(async (tx) => {
    await storeCalls(tx, conta.id, boletoId, calls);
    if (!error) {
      // what the bank now holds; a later change compares with it
      await tx
        .update(bancoRegistro)
        .set({ valor_enviado: centsToDecimalText(toCents(row.valor)), vencimento_enviado: row.vencimento, ultimo_erro: null, tentativas: 0, updated_at: sql`now()` })
        .where(eq(bancoRegistro.boleto_id, boletoId));
      return 'alterados';
    }
    const wait = error.kind === 'AGUARDAR' ? 300 : error.kind === 'REJEITADO' ? 3600 : backoffSeconds(row.tentativas + 1);
    await tx
      .update(bancoRegistro)
      .set({ ultimo_erro: error.message.slice(0, 600), tentativas: row.tentativas + 1, proxima_tentativa: sql`now() + make_interval(secs => ${wait})`, updated_at: sql`now()` })
      .where(eq(bancoRegistro.boleto_id, boletoId));
    return error.kind === 'AGUARDAR' ? 'adiados' : 'falhas';
  });
}

/** Sends one write-off; the bank's acceptance confirms the boleto's pending request. */
async function writeOffOne(db: Db, adapter: BankAdapter, conta: ContaRow, boletoId: number): Promise<Outcome> {
  const [row] = await rowsOf<{ numero_banco: string; nosso_numero: string; valor: string; tentativas: number }>(
    db,
    sql`select r.numero_banco, b.nosso_numero::text as nosso_numero, b.valor::text as valor, r.tentativas from banco_registro r join boleto b on b.id = r.boleto_id where r.boleto_id = ${boletoId}`,
  );
  if (!row) return 'adiados';
  const calls: BankCall[] = [];
  let error: BankError | null = null;
  try {
    await adapter.writeOff(row.numero_banco, (c) => void calls.push(c));
  } catch (e) {
    if (!(e instanceof BankError)) throw e;
    error = e;
  }
  return db.transaction(async (tx) => {
    await storeCalls(tx, conta.id, boletoId, calls);
    if (!error) {
      await tx.update(bancoRegistro).set({ baixa_enviada_em: sql`now()`, ultimo_erro: null, updated_at: sql`now()` }).where(eq(bancoRegistro.boleto_id, boletoId));
      await applyBankMovements(tx, conta.id, [{ movimento: '09', descricao: 'Baixa (pedido por API)', sequencial: Number(row.nosso_numero), numeroBanco: row.numero_banco, dataOcorrencia: todayInSaoPaulo(), valorTituloCents: toCents(row.valor) }], SISTEMA);
      return 'baixados';
    }
    const wait = error.kind === 'REJEITADO' ? 3600 : backoffSeconds(row.tentativas + 1);
    await tx
      .update(bancoRegistro)
      .set({ ultimo_erro: error.message.slice(0, 600), tentativas: row.tentativas + 1, proxima_tentativa: sql`now() + make_interval(secs => ${wait})`, updated_at: sql`now()` })
      .where(eq(bancoRegistro.boleto_id, boletoId));
    return 'falhas';
  });
}

/** Stores the exchanges of one step (bodies already masked by the HTTP layer). */
export async function storeCalls(tx: DbOrTx, contaId: number, boletoId: number | null, calls: BankCall[]): Promise<void> {
  if (!calls.length) return;
  await tx.insert(bancoComunicacao).values(
    calls.map((c) => ({
      conta_cobranca_id: contaId,
      boleto_id: boletoId,
      direcao: 'ENVIADO' as const,
      operacao: c.operacao.slice(0, 30),
      metodo: c.metodo.slice(0, 7),
      url: c.url.slice(0, 600),
      status: c.status,
      requisicao: c.requisicao,
      resposta: c.resposta,
      sha256: c.sha256,
      latencia_ms: c.latenciaMs,
      erro: c.erro?.slice(0, 600) ?? null,
    })),
  );
}

/** Is there anything to send for this conta now? (the ticker's cheap question) */
export async function hasWork(db: DbOrTx, contaId: number): Promise<boolean> {
  const [row] = await rowsOf<{ has: boolean }>(
    db,
    sql`select (
          exists (select 1 from banco_registro r where r.conta_cobranca_id = ${contaId} and r.estado in ('PENDENTE','ENVIANDO') and r.proxima_tentativa <= now())
       or exists (select 1 from boleto b where b.conta_cobranca_id = ${contaId} and b.situacao = ${S.DISPONIVEL} and b.nosso_numero is not null
                   and not exists (select 1 from banco_registro r where r.boleto_id = b.id))
       or exists (select 1 from boleto b left join banco_registro r on r.boleto_id = b.id
                   where b.conta_cobranca_id = ${contaId} and b.situacao in (${S.ENVIADO_BAIXA}, ${S.ENVIADO_CANCELAMENTO}, ${S.ENVIADO_REMOCAO})
                     and (r.boleto_id is null or r.estado <> 'ENVIANDO') and (r.baixa_enviada_em is null) and coalesce(r.proxima_tentativa, now()) <= now())
       or exists (select 1 from banco_registro r join boleto b on b.id = r.boleto_id
                   where r.conta_cobranca_id = ${contaId} and r.estado = 'REGISTRADO' and r.proxima_tentativa <= now()
                     and b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO}) and (b.valor <> r.valor_enviado or b.vencimento <> r.vencimento_enviado)
                     and r.registrado_em + make_interval(mins => (select alteracao_espera_minutos from conta_cobranca where id = ${contaId})) <= now())
        ) as has`,
  );
  return Boolean(row?.has);
}

export async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

