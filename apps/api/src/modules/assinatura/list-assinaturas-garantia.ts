import { desc, eq } from 'drizzle-orm';
import { assinaturaSituacao } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { assinaturaSolicitacao, garantia, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertVisible, empresaScope } from '../tenancy/scope.js';

/** GET /api/assinatura/getByGarantia/{garantiaId}: the guarantee's signing requests (in scope; 404 otherwise). */
export async function listAssinaturasGarantia(db: Db, actor: Actor, garantiaId: number) {
  const [g] = await db.select({ empresa_id: garantia.empresa_id }).from(garantia).where(eq(garantia.id, garantiaId));
  if (!g) throw notFound('Garantia');
  assertVisible(await empresaScope(db, actor), g.empresa_id, 'Garantia');
  const rows = await db
    .select({ s: assinaturaSolicitacao, created_by: usuario.name })
    .from(assinaturaSolicitacao)
    .leftJoin(usuario, eq(usuario.id, assinaturaSolicitacao.created_by))
    .where(eq(assinaturaSolicitacao.garantia_id, garantiaId))
    .orderBy(desc(assinaturaSolicitacao.created_at), desc(assinaturaSolicitacao.id));
  const now = new Date();
  return rows.map(({ s, created_by }) => ({
    id: s.id,
    situacao: assinaturaSituacao(s.status, s.expires_at, now),
    email: s.email,
    telefone: s.telefone,
    created_at: s.created_at,
    created_by,
    expires_at: s.expires_at,
    opened_at: s.opened_at,
    signed_at: s.signed_at,
    signer_nome: s.signer_nome,
    documento_sha256: s.documento_sha256,
    assinado_sha256: s.assinado_sha256,
    tipo: s.tipo,
  }));
}
