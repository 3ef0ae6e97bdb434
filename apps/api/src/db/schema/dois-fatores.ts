import { bigint, boolean, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0095_dois_fatores.sql (the SQL is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const usuarioDoisFatores = pgTable('usuario_dois_fatores', {
  usuario_id: integer('usuario_id').primaryKey(),
  /** AES-256-GCM sealed base32 secret (modules/auth/secret-box.ts); never answered after setup. */
  segredo_cifrado: text('segredo_cifrado').notNull(),
  ativo: boolean('ativo').notNull().default(false),
  ultimo_passo: bigint('ultimo_passo', { mode: 'number' }),
  created_at: ts('created_at').notNull().defaultNow(),
  ativado_em: ts('ativado_em'),
});

export const usuarioCodigoRecuperacao = pgTable('usuario_codigo_recuperacao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  usuario_id: integer('usuario_id').notNull(),
  codigo_hash: text('codigo_hash').notNull(),
  usado_em: ts('usado_em'),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** 0111 (decision 106): the nonce of each login challenge that opened a session, until it expires. */
export const loginChallengeUsado = pgTable('login_challenge_usado', {
  nonce: varchar('nonce', { length: 32 }).primaryKey(),
  usuario_id: integer('usuario_id').notNull(),
  expira_em: ts('expira_em').notNull(),
  usado_em: ts('usado_em').notNull().defaultNow(),
});
