import { z } from 'zod';
import { pagingQuerySchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, pagedOf, timestamp } from './envelope.js';

/** One audit record: who did what to which record, when and from where. */
export const auditJson = z.object({
  id,
  occurred_at: timestamp,
  /** The acting user's name (null for an unknown login's failed attempt). */
  usuario: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** What changed (new values, or `{ before, after }` per field); secrets are never written. */
  summary: z.record(z.string(), z.unknown()),
});

export const auditListQuery = pagingQuerySchema.extend({
  pesquisa: z.string().trim().max(100).optional(),
  entity: z.string().trim().max(60).optional(),
  entity_id: z.string().trim().max(60).optional(),
});

/** Administração > Auditoria (administradores only). */
export const auditoriaContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/auditoria/getAllPaginate', access: 'admin', tags: ['auditoria'],
    summary: 'Registros de auditoria',
    query: auditListQuery,
    response: pagedOf(auditJson),
  }),
};
