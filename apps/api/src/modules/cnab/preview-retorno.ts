import { and, eq } from 'drizzle-orm';
import { fromCents, type CnabFileHeader, type CnabMovementCategory, type CnabWarning, type RetornoItemJson, type RetornoPreviaJson, type RetornoTitle, type Situacao } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { retorno, storedFile } from '../../db/schema/index.js';
import type { JobRun } from '../../jobs/index.js';
import { countTitle, decideTitle, emptyTotals, type RetornoTotals, type TitleDecision, type TitleFacts } from './decide-title.js';
import { appliedKeys, contaOfHeader, ledgerKey, lookupNumbers, readStoredRetornoChunks, sequenceOf, type TitleTarget } from './retorno-titles.js';

/** Titles looked up per query by the dry run. */
export const PREVIEW_BATCH = 2000;
const MAX_SAMPLES = 100;
const MAX_WARNINGS = 50;

export type PreviewResult = { retornoId: number; titulos: number; skipped?: string };

/** The stored file of a retorno and the row itself. */
export async function retornoWithFile(db: Db, retornoId: number) {
  const [row] = await db.select({ r: retorno, key: storedFile.storage_key }).from(retorno).innerJoin(storedFile, eq(storedFile.id, retorno.file_id)).where(eq(retorno.id, retornoId));
  return row ?? null;
}

/** A title as the preview keeps it until its batch's lookups answer: what deciding and counting read. */
type PreviewFacts = TitleFacts & Pick<RetornoTitle, 'occurrenceDate'>;

/**
 * A batch of titles as the preview holds it while its lookups run: only what deciding and counting
 * read, in columns reused from batch to batch (numbers in typed arrays; the strings are the
 * reader's shared ones — movement codes, categories, dates). The reader's title objects die as soon
 * as their chunk is copied in, young: a batch held across database round trips no longer moves
 * 2 000 titles (names, documents, lines) per batch into the old generation, which grew the heap of a
 * 500 MB preview to hundreds of MB of garbage before a full collection.
 */
class TitleColumns {
  length = 0;
  private capacity = 0;
  /** sequenceOf(title), NaN when the title has none. */
  private sequence = new Float64Array(0);
  private amount = new Float64Array(0);
  private paid = new Float64Array(0);
  private lineOf = new Float64Array(0);
  /** ourNumberSequence of the titles whose sequence is not a number we look up (rare: kept as is). */
  private oddSequence: (string | null)[] = [];
  private movement: string[] = [];
  private category: CnabMovementCategory[] = [];
  private occurrenceDate: (string | null)[] = [];

  add(t: RetornoTitle): void {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    const sequence = sequenceOf(t);
    this.sequence[i] = sequence ?? NaN;
    // a new string per title held across the lookups would be promoted: kept only when needed
    this.oddSequence[i] = sequence === null ? t.ourNumberSequence : null;
    this.amount[i] = t.amountCents;
    this.paid[i] = t.paidCents;
    this.lineOf[i] = t.line;
    this.movement[i] = t.movement;
    this.category[i] = t.category;
    this.occurrenceDate[i] = t.occurrenceDate;
  }

  /** The batch's nossos números (repeats included). */
  numbers(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.length; i++) if (!Number.isNaN(this.sequence[i])) out.push(this.sequence[i]);
    return out;
  }

  /** The title's facts; ourNumberSequence is the number looked up, as text (leading zeros aside). */
  facts(i: number): PreviewFacts {
    const sequence = this.sequence[i];
    return {
      ourNumberSequence: Number.isNaN(sequence) ? this.oddSequence[i] : String(sequence),
      category: this.category[i],
      movement: this.movement[i],
      amountCents: this.amount[i],
      paidCents: this.paid[i],
      occurrenceDate: this.occurrenceDate[i],
    };
  }

  target(targets: Map<number, TitleTarget>, i: number): TitleTarget | undefined {
    return Number.isNaN(this.sequence[i]) ? undefined : targets.get(this.sequence[i]);
  }

  line(i: number): number {
    return this.lineOf[i];
  }

  private grow(): void {
    const capacity = Math.max(PREVIEW_BATCH, this.capacity * 2);
    const widen = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    this.sequence = widen(this.sequence);
    this.amount = widen(this.amount);
    this.paid = widen(this.paid);
    this.lineOf = widen(this.lineOf);
    this.capacity = capacity;
  }
}

/**
 * The dry run (job cnab.retorno-previa): reads the whole file as it streams from storage, looks its
 * titles up in batches and decides each one exactly as the apply job would — against the database
 * as it is now, and against the earlier titles of the same file — without writing anything but the
 * summary (retorno.previa) and the PRONTO status. Progress is in bytes of the file.
 *
 * Memory stays flat whatever the file's size: the reader hands over each chunk's titles, a batch
 * keeps only their columns (TitleColumns), and the samples (at most 100) are noted by line and
 * decision, their titles read again at the end from the start of the file up to the last one.
 */
export async function previewRetorno(storage: FileStorage, retornoId: number, ctx: JobRun): Promise<PreviewResult> {
  const found = await retornoWithFile(ctx.db, retornoId);
  if (!found || found.r.status !== 'ANALISANDO') return { retornoId, titulos: 0, skipped: 'já analisado' };
  const { r, key } = found;
  let header: CnabFileHeader | null = null;
  const avisos: CnabWarning[] = [];
  let avisosTotal = 0;
  const chunks = readStoredRetornoChunks(storage, key, {
    onHeader: (h) => (header = h),
    onWarning: (w) => {
      avisosTotal++;
      if (avisos.length < MAX_WARNINGS) avisos.push(w);
    },
    onProgress: (bytes) => ctx.progress(bytes, r.tamanho_bytes, 'bytes'),
  })[Symbol.asyncIterator]();
  let exhausted = false;
  /** The next batch: whole chunks of the file until PREVIEW_BATCH titles or the end. */
  const fill = async (batch: TitleColumns) => {
    batch.length = 0;
    while (!exhausted && batch.length < PREVIEW_BATCH) {
      const next = await chunks.next();
      if (next.done) exhausted = true;
      else for (const t of next.value) batch.add(t);
    }
  };

  let conta: { id: number; descricao: string } | null | undefined;
  const totals = emptyTotals();
  const porSituacao = new Map<string, { quantidade: number; cents: number }>();
  const amostras: { line: number; decision: TitleDecision }[] = [];
  // what the file itself changes as it goes (a 02 then a 06 for one title), and the movements it already carried
  const situacaoAgora = new Map<string, string | null>();
  const vistos = new Set<string>();

  let batch = new TitleColumns();
  let spare = new TitleColumns();
  await fill(batch);
  while (batch.length > 0) {
    ctx.throwIfInterrupted();
    if (conta === undefined) conta = header ? await contaOfHeader(ctx.db, header) : null;
    const contaId = conta?.id ?? null;
    const numbers = batch.numbers();
    const lookups = (async () => {
      const targets = await lookupNumbers(ctx.db, contaId, numbers);
      return { targets, applied: await appliedKeys(ctx.db, [...targets.values()]) };
    })();
    // the next batch is read from the file while this one's queries run
    const [{ targets, applied }] = await Promise.all([lookups, fill(spare)]);
    for (let i = 0; i < batch.length; i++) {
      const t = batch.facts(i);
      const decision = decide(t, batch.target(targets, i), situacaoAgora, vistos, applied, conta != null);
      countTitle(totals, t, decision);
      if (decision.para && decision.resultado !== 'JA_APLICADO') {
        const bucket = porSituacao.get(decision.para) ?? { quantidade: 0, cents: 0 };
        bucket.quantidade++;
        bucket.cents += t.category === 'liquidacao' ? t.paidCents || t.amountCents : t.amountCents;
        porSituacao.set(decision.para, bucket);
      }
      if (decision.resultado !== 'APLICADO' && amostras.length < MAX_SAMPLES) amostras.push({ line: batch.line(i), decision });
    }
    [batch, spare] = [spare, batch];
  }

  const h = header as CnabFileHeader | null;
  const previa: RetornoPreviaJson = {
    titulos: totals.titulos,
    conta_encontrada: conta != null,
    conta_descricao: conta?.descricao ?? (h ? `banco ${h.bank}, beneficiário ${h.beneficiaryCode || '—'} (não cadastrada)` : 'sem header de arquivo'),
    ...qv(totals),
    por_situacao: [...porSituacao.entries()].map(([situacao, b]) => ({ situacao: situacao as Situacao, quantidade: b.quantidade, valor: fromCents(b.cents) })),
    amostras: await samplesOf(storage, key, amostras, ctx),
    avisos: avisos.map((w) => ({ code: w.code, line: w.line, message: w.message })),
    avisos_total: avisosTotal,
  };
  await ctx.db
    .update(retorno)
    .set({ status: 'PRONTO', previa, banco: h?.bank ?? null, numero_arquivo: h?.fileNumber ?? null, conta_cobranca_id: conta?.id ?? null, quantidade_titulos: totals.titulos })
    .where(and(eq(retorno.id, retornoId), eq(retorno.status, 'ANALISANDO')));
  ctx.progress(r.tamanho_bytes ?? 0, r.tamanho_bytes ?? 0, 'bytes');
  return { retornoId, titulos: totals.titulos };
}

/**
 * The samples' rows: their titles read again from the file (the same stored bytes, so the same
 * lines), from its start up to the last sample's line only.
 */
async function samplesOf(storage: FileStorage, key: string, samples: { line: number; decision: TitleDecision }[], ctx: JobRun): Promise<RetornoItemJson[]> {
  if (!samples.length) return [];
  const byLine = new Map(samples.map((s) => [s.line, s.decision]));
  const last = samples[samples.length - 1].line;
  const out: RetornoItemJson[] = [];
  for await (const chunk of readStoredRetornoChunks(storage, key, {})) {
    ctx.throwIfInterrupted();
    for (const t of chunk) {
      const decision = byLine.get(t.line);
      if (decision) out.push(sampleOf(t, decision));
      if (t.line >= last) return out;
    }
  }
  return out;
}

export function targetOf(targets: Map<number, TitleTarget>, t: RetornoTitle): TitleTarget | undefined {
  const n = sequenceOf(t);
  return n === null ? undefined : targets.get(n);
}

function decide(t: PreviewFacts, target: TitleTarget | undefined, agora: Map<string, string | null>, vistos: Set<string>, applied: Set<string>, contaFound: boolean): TitleDecision {
  if (!target) return decideTitle(t, undefined, null, false, contaFound);
  const id = `${target.kind}:${target.id}`;
  const current = agora.has(id) ? (agora.get(id) ?? null) : target.situacao;
  const k = ledgerKey(target, t.movement, t.occurrenceDate);
  const decision = decideTitle(t, target, current, applied.has(k) || vistos.has(k), contaFound);
  if (decision.resultado !== 'JA_APLICADO') vistos.add(k);
  if (decision.para) agora.set(id, decision.para);
  return decision;
}

function sampleOf(t: RetornoTitle, d: TitleDecision): RetornoItemJson {
  return {
    linha: t.line,
    nosso_numero: t.ourNumber || t.ourNumberSequence || '',
    movimento: t.movement,
    movimento_descricao: t.movementDescription,
    resultado: d.resultado,
    boleto_id: d.target?.kind === 'boleto' ? d.target.id : null,
    boleto_avulso_id: d.target?.kind === 'avulso' ? d.target.id : null,
    situacao_de: d.de,
    situacao_para: d.para,
    valor_titulo: fromCents(t.amountCents),
    valor_pago: fromCents(t.paidCents),
    valor_tarifa: fromCents(t.feeCents),
    valor_juros: fromCents(t.interestCents),
    data_ocorrencia: t.occurrenceDate,
    data_credito: t.creditDate,
    motivos: t.reasons.length ? t.reasons.map((x) => `${x.code} ${x.description}`).join('; ') : null,
    mensagem: d.mensagem,
  };
}

function qv(totals: RetornoTotals) {
  const out = (b: { quantidade: number; cents: number }) => ({ quantidade: b.quantidade, valor: fromCents(b.cents) });
  return {
    entrada: out(totals.entrada),
    liquidacao: out(totals.liquidacao),
    baixa: out(totals.baixa),
    rejeitado: out(totals.rejeitado),
    ignorado: out(totals.ignorado),
    ja_aplicado: out(totals.ja_aplicado),
    nao_encontrado: out(totals.nao_encontrado),
  };
}
