import { and, desc, eq, type SQL } from 'drizzle-orm';
import { DIVERGENCIA_TEXTO, fromCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { bancoDivergencia } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import { assertAdmin } from '../tenancy/access.js';
import { ACOES_POR_TIPO } from './divergencia-acoes.js';

export type ListDivergenciasInput = PageInput & { estado: 'ABERTA' | 'RESOLVIDA'; conta_cobranca_id?: number };

/**
 * GET /api/banco/conciliacao (administrador): the reconciliation's findings, newest first, by
 * estado and conta; each with its sentence (DIVERGENCIA_TEXTO), what the bank and we have (amounts
 * in reais) and the one-click resolutions that fit it (none once resolved).
 */
export async function listDivergencias(db: Db, actor: Actor, input: ListDivergenciasInput) {
  assertAdmin(actor);
  const where: SQL[] = [eq(bancoDivergencia.estado, input.estado)];
  if (input.conta_cobranca_id) where.push(eq(bancoDivergencia.conta_cobranca_id, input.conta_cobranca_id));
  const query = db.select().from(bancoDivergencia).where(and(...where)).$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(bancoDivergencia.created_at), desc(bancoDivergencia.id)] }, (d) => ({
    id: d.id,
    conta_cobranca_id: d.conta_cobranca_id,
    boleto_id: d.boleto_id,
    numero_banco: d.numero_banco,
    tipo: d.tipo,
    descricao: DIVERGENCIA_TEXTO[d.tipo],
    detalhe: inReais(d.detalhe),
    acoes: d.estado === 'ABERTA' ? ACOES_POR_TIPO[d.tipo] : [],
    estado: d.estado,
    resolucao: d.resolucao,
    resolvida_em: d.resolvida_em,
    created_at: d.created_at,
  }));
}

/** Amounts are stored in centavos (`valor_pago_cents`); the wire carries reais (`valor_pago`). */
export function inReais(detalhe: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(detalhe)) {
    if (k.endsWith('_cents') && typeof v === 'number' && Number.isSafeInteger(v)) out[k.slice(0, -'_cents'.length)] = fromCents(v);
    else out[k] = v;
  }
  return out;
}
