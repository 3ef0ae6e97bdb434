import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../adapters/storage/file-storage.js';
import type { Db } from '../db/client.js';
import { createUsuario } from '../factories/foundation.js';
import { seedFoundation } from './seed-foundation.js';
import { seedCadastros } from './seed-cadastros.js';
import { seedGarantias } from './seed-garantias.js';
import { seedCredito } from './seed-credito.js';
import { seedBoletos, seedContaCobranca } from './seed-boletos.js';
import { seedFinanceiro } from './seed-financeiro.js';
import { seedCobranca } from './seed-cobranca.js';
import { seedCnab } from './seed-cnab.js';
import { seedRisco } from './seed-risco.js';
import { DEMO_LOGINS } from './demo-logins.js';
import { passwordPolicyError } from '../modules/auth/password-policy.js';
import { invalidVariable } from '../startup-errors.js';

export { DEMO_LOGINS } from './demo-logins.js';

export type SeedResult = { seeded: 'demo' | 'none' | 'skipped'; lines: string[] };

/**
 * Seeds an empty database (no users yet). `demo` fills every screen with realistic data;
 * `none` creates only one administrador whose password comes from ADMIN_PASSWORD (or is
 * generated and printed once). A database that already has users is left alone. The demo's CNAB
 * files (remessa, retorno, avulsos) go to `storage`: the app's own, or a test's temporary folder.
 */
export async function seedIfEmpty(db: Db, mode: 'demo' | 'none', adminPassword: string | null, storage: FileStorage): Promise<SeedResult> {
  // Several API processes starting together on an empty PostgreSQL database: the lock makes the
  // others wait for the first one's seed to commit; then they find users and skip (docs/deployment.md).
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const result = await tx.execute(sql`select count(*)::int as n from usuario`);
    const n = Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    if (n > 0) return { seeded: 'skipped', lines: [] } satisfies SeedResult;

    if (mode === 'none') {
      // ADMIN_PASSWORD is a password somebody chose: it passes the policy like any other (decision 106)
      const refused = adminPassword === null ? null : await passwordPolicyError(adminPassword, 'admin');
      if (refused) throw invalidVariable('ADMIN_PASSWORD', `não é aceita como senha do administrador: ${refused.charAt(0).toLowerCase()}${refused.slice(1)}`);
      const password = adminPassword ?? randomBytes(9).toString('base64url');
      await createUsuario(tx, { name: 'Administrador', login: 'admin', password, nivel: '2', setor: 'Administração', empresa_id: null });
      return {
        seeded: 'none',
        lines: [adminPassword ? 'Administrador: admin / (senha de ADMIN_PASSWORD)' : `Administrador: admin / ${password}  (gerada agora; altere após entrar)`],
      } satisfies SeedResult;
    }

    await seedFoundation(tx);
    await seedContaCobranca(tx);
    await seedCadastros(tx);
    await seedGarantias(tx);
    await seedBoletos(tx);
    await seedFinanceiro(tx);
    await seedCobranca(tx);
    await seedCnab(tx, storage);
    await seedCredito(tx);
    await seedRisco(tx);
    // Later features append their demo data here, in dependency order.
    return null;
  });
  if (seeded) return seeded;
  return { seeded: 'demo', lines: DEMO_LOGINS.map((l) => `${l.login} / ${l.password}  (${l.papel})`) };
}
