import { eq, sql } from 'drizzle-orm';
import { fromCents, toCents, type RetornoJson, type RetornoStatus } from '@bg/domain';
import { backgroundJob, retorno, usuario } from '../../db/schema/index.js';

/** The job working on (or last worked on) a retorno: the apply job once there is one, else the preview. */
export const currentJobId = sql<number | null>`coalesce(${retorno.aplicacao_job_id}, ${retorno.previa_job_id})`;

/** Columns of the retorno lists: the row, who sent it, and its current job's status. */
export const retornoColumns = {
  r: retorno,
  usuario: usuario.name,
  job_status: backgroundJob.status,
};
export const joinRetornoUsuario = eq(usuario.id, retorno.usuario_id);
export const joinRetornoJob = eq(backgroundJob.id, currentJobId);

type Row = { r: typeof retorno.$inferSelect; usuario: string | null; job_status: string | null };

/** A job that gave up leaves the retorno where it was: it is shown as FALHOU (Aplicar may retry). */
export function displayStatus(r: typeof retorno.$inferSelect, jobStatus: string | null): RetornoStatus {
  return jobStatus === 'failed' && (r.status === 'ANALISANDO' || r.status === 'APLICANDO') ? 'FALHOU' : r.status;
}

const money = (v: string) => fromCents(toCents(v));

export function presentRetorno({ r, usuario: name, job_status }: Row): RetornoJson {
  return {
    id: r.id,
    arquivo: r.arquivo,
    status: displayStatus(r, job_status),
    banco: r.banco,
    numero_arquivo: r.numero_arquivo,
    tamanho_bytes: r.tamanho_bytes ?? 0,
    quantidade_titulos: r.quantidade_titulos,
    quantidade_liquidado: r.quantidade_liquidado,
    total_valor_liquidado: money(r.total_valor_liquidado),
    quantidade_baixa: r.quantidade_baixa,
    total_valor_baixa: money(r.total_valor_baixa),
    quantidade_entrada: r.quantidade_entrada,
    total_valor_entrada: money(r.total_valor_entrada),
    quantidade_rejeitado: r.quantidade_rejeitado,
    quantidade_nao_encontrado: r.quantidade_nao_encontrado,
    quantidade_ja_aplicado: r.quantidade_ja_aplicado,
    usuario: name,
    created_at: r.created_at,
    aplicado_em: r.aplicado_em,
  };
}
