import type { Db } from '../../../db/client.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { ChaveActor } from './autenticar.js';

export type Chamada = { metodo: string; rota: string; url: string; status: number; replay: boolean; duracao_ms: number };

/**
 * Every /api/v1 call made with a known key is one audit record (decision 117): action
 * `api.v1.chamada`, entity `api_chave`, the key's id (as entity and `api_chave_id`), the route, the
 * answer's status, whether it was an idempotent replay. Refused calls (scope, IP, rate limit) too.
 */
export async function registrarChamada(db: Db, actor: ChaveActor, chamada: Chamada): Promise<void> {
  await recordAudit(db, actor, {
    action: 'api.v1.chamada',
    entity: 'api_chave',
    entityId: actor.chave_id,
    summary: { ...chamada, url: chamada.url.slice(0, 300) },
  });
}
