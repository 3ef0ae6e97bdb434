import { type CpfSuspeitoInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { cpfSuspeito } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

const ALREADY = 'Este CPF/CNPJ já está na lista de suspeitos.';

/** POST /api/cpfSuspeito/create: puts a document on the suspect list the document lookup checks. */
export async function addCpfSuspeito(db: Db, actor: Actor, input: CpfSuspeitoInput) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    // ON CONFLICT keeps two simultaneous requests from failing with a raw unique violation.
    const [row] = await tx
      .insert(cpfSuspeito)
      .values({ cpf_cnpj: input.cpf_cnpj, motivo: input.motivo, usuario_id: actor.id })
      .onConflictDoNothing({ target: cpfSuspeito.cpf_cnpj })
      .returning({ id: cpfSuspeito.id });
    if (!row) throw new AppError('CONFLICT', ALREADY, { errors: { cpf_cnpj: ALREADY } });
    await recordAudit(tx, actor, { action: 'cpfSuspeito.create', entity: 'cpf_suspeito', entityId: row.id, summary: { cpf_cnpj: input.cpf_cnpj, motivo: input.motivo } });
    return row;
  });
}
