import { assignableNiveis, type Nivel } from '@bg/domain';
import { forbidden, invalid, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { canSee, type EmpresaScope } from '../tenancy/scope.js';

const CANNOT_ASSIGN = 'Você não pode atribuir este nível de acesso.';

/**
 * May the actor manage a user of this level in this empresa? administrador: everyone. Others:
 * users of the empresas in their scope (an usuario its own; a franqueado also its franchisees'),
 * and only at a level they may assign there (never administrador).
 * 'see' (an existing user): out of scope → 404, above the actor → 403.
 * 'assign' (the values a request asks for): a level above the actor → 403, an empresa outside
 * the scope → 422 on empresa_id.
 */
export function assertCanManage(actor: Actor, scope: EmpresaScope, target: { empresa_id: number | null; nivel: Nivel }, what: 'see' | 'assign') {
  if (scope.all) return;
  if (what === 'see' && !canSee(scope, target.empresa_id)) throw notFound('Usuário');
  if (what === 'assign') {
    if (!assignableNiveis(actor.nivel).includes(target.nivel)) throw forbidden(CANNOT_ASSIGN);
    if (!canSee(scope, target.empresa_id)) throw invalid({ empresa_id: 'Empresa não encontrada.' });
  }
  const allowed = assignableNiveis(actor.nivel, { ownEmpresa: target.empresa_id === actor.empresa_id });
  if (!allowed.includes(target.nivel)) throw forbidden(what === 'assign' ? CANNOT_ASSIGN : 'Você não pode alterar usuários deste nível.');
}
