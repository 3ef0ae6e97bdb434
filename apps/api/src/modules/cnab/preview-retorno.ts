import { and, eq } from 'drizzle-orm';
import { fromCents, type CnabFileHeader, type CnabWarning, type RetornoItemJson, type RetornoPreviaJson, type RetornoTitle, type Situacao } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { retorno, storedFile } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/index.js';
import { countTitle, decideTitle, emptyTotals, type RetornoTotals, type TitleDecision } from './decide-title.js';
import { appliedKeys, contaOfHeader, inBatches, ledgerKey, lookupTitles, readStoredRetorno, sequenceOf, type TitleTarget } from './retorno-titles.js';

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

/**
 * The dry run (job cnab.retorno-previa): reads the whole file as it streams from storage, looks its
 * titles up in batches and decides each one exactly as the apply job would — against the database
 * as it is now, and against the earlier titles of the same file — without writing anything but the
 * summary (retorno.previa) and the PRONTO status. Progress is in bytes of the file.
 */
export async function previewRetorno(storage: FileStorage, retornoId: number, ctx: JobContext): Promise<PreviewResult> {
  const found = await retornoWithFile(ctx.db, retornoId);
  if (!found || found.r.status !== 'ANALISANDO') return { retornoId, titulos: 0, skipped: 'já analisado' };
  const { r, key } = found;
  let header: CnabFileHeader | null = null;
  const avisos: CnabWarning[] = [];
  let avisosTotal = 0;
  const titles = readStoredRetorno(storage, key, {
    onHeader: (h) => (header = h),
    onWarning: (w) => {
      avisosTotal++;
      if (avisos.length < MAX_WARNINGS) avisos.push(w);
    },
    onProgress: (bytes) => ctx.progress(bytes, r.tamanho_bytes, 'bytes'),
  });

  let conta: { id: number; descricao: string } | null | undefined;
  const totals = emptyTotals();
  const porSituacao = new Map<string, { quantidade: number; cents: number }>();
  const amostras: RetornoItemJson[] = [];
  // what the file itself changes as it goes (a 02 then a 06 for one title), and the movements it already carried
  const situacaoAgora = new Map<string, string | null>();
  const vistos = new Set<string>();

  const batches = inBatches(titles, PREVIEW_BATCH)[Symbol.asyncIterator]();
  for (let current = await batches.next(); !current.done; ) {
    ctx.throwIfInterrupted();
    const batch = current.value;
    if (conta === undefined) conta = header ? await contaOfHeader(ctx.db, header) : null;
    const contaId = conta?.id ?? null;
    const lookups = (async () => {
      const targets = await lookupTitles(ctx.db, contaId, batch);
      return { targets, applied: await appliedKeys(ctx.db, [...targets.values()]) };
    })();
    // the next batch is read from the file while this one's queries run
    const [{ targets, applied }, next] = await Promise.all([lookups, batches.next()]);
    current = next;
    for (const t of batch) {
      const target = targetOf(targets, t);
      const decision = decide(t, target, situacaoAgora, vistos, applied, conta != null);
      countTitle(totals, t, decision);
      if (decision.para && decision.resultado !== 'JA_APLICADO') {
        const bucket = porSituacao.get(decision.para) ?? { quantidade: 0, cents: 0 };
        bucket.quantidade++;
        bucket.cents += t.category === 'liquidacao' ? t.paidCents || t.amountCents : t.amountCents;
        porSituacao.set(decision.para, bucket);
      }
      if (decision.resultado !== 'APLICADO' && amostras.length < MAX_SAMPLES) amostras.push(sampleOf(t, decision));
    }
  }

  const h = header as CnabFileHeader | null;
  const previa: RetornoPreviaJson = {
    titulos: totals.titulos,
    conta_encontrada: conta != null,
    conta_descricao: conta?.descricao ?? (h ? `banco ${h.bank}, beneficiário ${h.beneficiaryCode || '—'} (não cadastrada)` : 'sem header de arquivo'),
    ...qv(totals),
    por_situacao: [...porSituacao.entries()].map(([situacao, b]) => ({ situacao: situacao as Situacao, quantidade: b.quantidade, valor: fromCents(b.cents) })),
    amostras,
    avisos: avisos.map((w) => ({ code: w.code, line: w.line, message: w.message })),
    avisos_total: avisosTotal,
  };
  await ctx.db
    .update(retorno)
    .set({ status: 'PRONTO', previa, banco: h?.bank ?? null, numero_arquivo: h?.fileNumber ?? null, conta_cobranca_id: conta?.id ?? null, quantidade_titulos: totals.titulos })
    .where(and(eq(retorno.id, retornoId), eq(retorno.status, 'ANALISANDO')));
  ctx.progress(r.tamanho_bytes, r.tamanho_bytes, 'bytes');
  return { retornoId, titulos: totals.titulos };
}

export function targetOf(targets: Map<number, TitleTarget>, t: RetornoTitle): TitleTarget | undefined {
  const n = sequenceOf(t);
  return n === null ? undefined : targets.get(n);
}

function decide(t: RetornoTitle, target: TitleTarget | undefined, agora: Map<string, string | null>, vistos: Set<string>, applied: Set<string>, contaFound: boolean): TitleDecision {
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
