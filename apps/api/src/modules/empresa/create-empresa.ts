import { eq } from 'drizzle-orm';
import { EMPRESA_DEFAULTS, NIVEL, type EmpresaInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { AppError, forbidden, invalid } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { commercialFieldsIn, contactColumns, termColumns } from './empresa-row.js';

export const CNPJ_TAKEN = 'CNPJ já cadastrado para outra empresa.';

/** Refuses a CNPJ another empresa already has (the unique index is the final guard). */
export async function assertCnpjFree(tx: DbOrTx, cnpj: string, exceptId?: number) {
  const [other] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.cnpj, cnpj));
  if (other && other.id !== exceptId) throw new AppError('CONFLICT', CNPJ_TAKEN, { errors: { cnpj: CNPJ_TAKEN } });
}

export async function assertFranqueadoExists(tx: DbOrTx, franqueadoId: number | null | undefined, selfId?: number) {
  if (franqueadoId == null) return;
  if (franqueadoId === selfId) throw invalid({ franqueado_id: 'Uma empresa não pode ser franqueada de si mesma.' });
  const [row] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, franqueadoId));
  if (!row) throw invalid({ franqueado_id: 'Franqueado não encontrado.' });
}

/**
 * POST /api/empresa/create. Administradores create any empresa with any terms; a franqueado
 * creates its franchisees (franqueado_id = its empresa, default terms); an usuario cannot.
 */
export async function createEmpresa(db: Db, actor: Actor, input: EmpresaInput) {
  if (actor.nivel === NIVEL.USUARIO) throw forbidden('Você não tem permissão para cadastrar empresas.');
  const isAdmin = actor.nivel === NIVEL.ADMINISTRADOR;
  if (!isAdmin && commercialFieldsIn(input).length) throw forbidden('Somente administradores definem as condições comerciais da empresa.');
  if (!isAdmin && actor.empresa_id == null) throw forbidden();

  return db.transaction(async (tx) => {
    await assertCnpjFree(tx, input.cnpj);
    const terms = isAdmin ? termColumns(input) : { franqueado_id: actor.empresa_id };
    if (isAdmin) await assertFranqueadoExists(tx, terms.franqueado_id);
    const [row] = await tx
      .insert(empresa)
      .values({
        ...contactColumns(input),
        comissao_franqueado: String(EMPRESA_DEFAULTS.comissao_franqueado),
        valor_consulta: String(EMPRESA_DEFAULTS.valor_consulta),
        mensalidade: String(EMPRESA_DEFAULTS.mensalidade),
        taxa_prorrata: String(EMPRESA_DEFAULTS.taxa_prorrata),
        antecipa: EMPRESA_DEFAULTS.antecipa,
        qtd_max_parcelas: EMPRESA_DEFAULTS.qtd_max_parcelas,
        simula_venda: EMPRESA_DEFAULTS.simula_venda,
        situacao: 'ATIVA',
        ...terms,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'empresa.create',
      entity: 'empresa',
      entityId: row.id,
      summary: { cnpj: row.cnpj, fantasia: row.fantasia, franqueado_id: row.franqueado_id },
    });
    return row;
  });
}
