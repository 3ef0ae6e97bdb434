import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { createUsuario } from '../factories/foundation.js';
import { seedFoundation } from './seed-foundation.js';
import { seedCadastros } from './seed-cadastros.js';
import { seedGarantias } from './seed-garantias.js';
import { seedBoletos, seedContaCobranca } from './seed-boletos.js';

export const DEMO_LOGINS = [
  { login: 'admin', password: 'admin123', papel: 'administrador' },
  { login: 'loja', password: 'loja123', papel: 'usuario da Loja Demo' },
  { login: 'franqueado', password: 'franq123', papel: 'franqueado (nivel 3)' },
];

export type SeedResult = { seeded: 'demo' | 'none' | 'skipped'; lines: string[] };

/**
 * Seeds an empty database (no users yet). `demo` fills every screen with realistic data;
 * `none` creates only one administrador whose password comes from ADMIN_PASSWORD (or is
 * generated and printed once). A database that already has users is left alone.
 */
export async function seedIfEmpty(db: Db, mode: 'demo' | 'none', adminPassword: string | null): Promise<SeedResult> {
  const result = await db.execute(sql`select count(*)::int as n from usuario`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n > 0) return { seeded: 'skipped', lines: [] };

  if (mode === 'none') {
    const password = adminPassword ?? randomBytes(9).toString('base64url');
    await createUsuario(db, { name: 'Administrador', login: 'admin', password, nivel: '2', setor: 'Administração', empresa_id: null });
    return {
      seeded: 'none',
      lines: [adminPassword ? 'Administrador: admin / (senha de ADMIN_PASSWORD)' : `Administrador: admin / ${password}  (gerada agora; altere após entrar)`],
    };
  }

  await db.transaction(async (tx) => {
    await seedFoundation(tx);
    await seedContaCobranca(tx);
    await seedCadastros(tx);
    await seedGarantias(tx);
    await seedBoletos(tx);
    // Later features append their demo data here, in dependency order.
  });
  return { seeded: 'demo', lines: DEMO_LOGINS.map((l) => `${l.login} / ${l.password}  (${l.papel})`) };
}
