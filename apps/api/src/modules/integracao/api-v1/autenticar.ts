import { and, eq } from 'drizzle-orm';
import { API_V1_MSG, NIVEL, type ApiEscopo } from '@bg/domain';
import type { Db } from '../../../db/client.js';
import { empresa, usuario } from '../../../db/schema/index.js';
import { apiChave, apiChaveSegredo } from '../../../db/schema/integracao-chaves.js';
import { AppError } from '../../../errors/app-error.js';
import type { Actor } from '../../../shared/actor.js';
import { ipPermitido } from '../chaves/ips.js';
import { confereHash, prefixoDe } from '../chaves/segredo.js';

/** The key a /api/v1 call was authenticated with. */
export type ChaveAutenticada = {
  id: number;
  empresa_id: number;
  escopos: ApiEscopo[];
  ips: string[];
  segredo_id: number;
};

/**
 * The actor of a /api/v1 call (decision 117): the key's shop with an usuario's tenancy (nivel 1,
 * its empresa — whoever made the key, an administrador too), named after the key, acting as the
 * user who made it (the rows that need a user — a guarantee's `usuario_id`, the audit's — get that
 * user) and carrying the key's id, which every audit record of the call keeps (`chave_id`).
 */
export type ChaveActor = Actor & { chave_id: number; permissoes: string[] };

const invalida = () => new AppError('UNAUTHENTICATED', API_V1_MSG.chaveInvalida);

/**
 * `Authorization: Bearer <chave>` → the key and its actor, or 401: no header, not a Bearer, a
 * malformed or unknown token, a hash that does not match (compared in constant time), a revoked
 * or expired key, a secret past its rotation overlap. One message for all of those: a caller
 * learns nothing about which keys exist. A valid key of a blocked shop: 401 saying so.
 */
export async function autenticarChave(db: Db, authorization: string | undefined, now: Date): Promise<{ chave: ChaveAutenticada; actor: ChaveActor }> {
  if (!authorization) throw new AppError('UNAUTHENTICATED', API_V1_MSG.semChave);
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw new AppError('UNAUTHENTICATED', API_V1_MSG.semChave);
  const token = m[1];
  const prefixo = prefixoDe(token);
  if (!prefixo) throw invalida();
  const [row] = await db
    .select({
      segredo_id: apiChaveSegredo.id,
      hash: apiChaveSegredo.hash,
      valido_ate: apiChaveSegredo.valido_ate,
      id: apiChave.id,
      empresa_id: apiChave.empresa_id,
      nome: apiChave.nome,
      escopos: apiChave.escopos,
      ips: apiChave.ips,
      expira_em: apiChave.expira_em,
      revogada_em: apiChave.revogada_em,
      criado_por: apiChave.criado_por,
      criador: usuario.name,
      empresa_situacao: empresa.situacao,
    })
    .from(apiChaveSegredo)
    .innerJoin(apiChave, eq(apiChave.id, apiChaveSegredo.chave_id))
    .innerJoin(usuario, eq(usuario.id, apiChave.criado_por))
    .innerJoin(empresa, eq(empresa.id, apiChave.empresa_id))
    .where(and(eq(apiChaveSegredo.prefixo, prefixo)));
  if (!row || !confereHash(token, row.hash)) throw invalida();
  const t = now.getTime();
  if (row.revogada_em || (row.expira_em && row.expira_em.getTime() <= t) || (row.valido_ate && row.valido_ate.getTime() <= t)) throw invalida();
  // a blocked shop's keys stop like its users' sessions (session-user.ts accessRefusal)
  if (row.empresa_situacao !== 'ATIVA') throw new AppError('UNAUTHENTICATED', API_V1_MSG.empresaBloqueada);
  const chave: ChaveAutenticada = { id: row.id, empresa_id: row.empresa_id, escopos: row.escopos as ApiEscopo[], ips: row.ips, segredo_id: row.segredo_id };
  const actor: ChaveActor = {
    id: row.criado_por,
    nivel: NIVEL.USUARIO,
    empresa_id: row.empresa_id,
    name: `Chave de API "${row.nome}" (${row.criador})`,
    ip: null,
    chave_id: row.id,
    permissoes: [],
  };
  return { chave, actor };
}

/** 403 when the call's address is outside the key's allow-list. */
export function assertIpPermitido(chave: ChaveAutenticada, ip: string | null | undefined): void {
  if (!ipPermitido(chave.ips, ip)) throw new AppError('FORBIDDEN', API_V1_MSG.ip);
}

/** 403 when the key lacks the call's scope. */
export function assertEscopo(chave: ChaveAutenticada, escopo: ApiEscopo): void {
  if (!chave.escopos.includes(escopo)) throw new AppError('FORBIDDEN', API_V1_MSG.escopo(escopo));
}

/** Last use (time and address) of the key: one row update per call. */
export async function registrarUso(db: Db, chaveId: number, ip: string | null, now: Date): Promise<void> {
  await db.update(apiChave).set({ ultimo_uso_em: now, ultimo_uso_ip: ip?.slice(0, 64) ?? null }).where(eq(apiChave.id, chaveId));
}
