import type { AssinaturaStatus, AssinaturaTipo } from '@bg/domain';
import { char, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0070_assinatura.sql (the SQL is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What the public page summarises, as printed in the PDF (money in centavos). */
export type DocumentoResumo = {
  protocolo: string;
  emissao: string;
  emitente: { razao: string; cnpj: string };
  parcelas: { numero: string; valorCents: number; vencimento: string }[];
  totalCents: number;
  tamanho: number;
};

export const assinaturaSolicitacao = pgTable('assinatura_solicitacao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  garantia_id: integer('garantia_id').notNull(),
  token_hash: char('token_hash', { length: 64 }).notNull(),
  status: varchar('status', { length: 20 }).$type<AssinaturaStatus>().notNull().default('PENDENTE'),
  expires_at: ts('expires_at').notNull(),
  email: varchar('email', { length: 150 }).notNull(),
  telefone: varchar('telefone', { length: 11 }).notNull(),
  sacado_nome: varchar('sacado_nome', { length: 150 }).notNull(),
  sacado_cpf_cnpj: varchar('sacado_cpf_cnpj', { length: 14 }).notNull(),
  documento_file_id: uuid('documento_file_id').notNull(),
  documento_sha256: char('documento_sha256', { length: 64 }).notNull(),
  documento_resumo: jsonb('documento_resumo').$type<DocumentoResumo>().notNull(),
  mensagem_whatsapp_id: integer('mensagem_whatsapp_id'),
  mensagem_email_id: integer('mensagem_email_id'),
  created_by: integer('created_by').notNull(),
  created_ip: varchar('created_ip', { length: 64 }),
  created_at: ts('created_at').notNull().defaultNow(),
  opened_at: ts('opened_at'),
  opened_ip: varchar('opened_ip', { length: 64 }),
  opened_user_agent: varchar('opened_user_agent', { length: 300 }),
  documento_aberto_em: ts('documento_aberto_em'),
  signed_at: ts('signed_at'),
  signer_nome: varchar('signer_nome', { length: 150 }),
  signer_cpf_cnpj: varchar('signer_cpf_cnpj', { length: 14 }),
  signer_ip: varchar('signer_ip', { length: 64 }),
  signer_user_agent: varchar('signer_user_agent', { length: 300 }),
  aceite_texto: text('aceite_texto'),
  tipo: varchar('tipo', { length: 20 }).$type<AssinaturaTipo>(),
  certificado_titular: varchar('certificado_titular', { length: 300 }),
  assinado_file_id: uuid('assinado_file_id'),
  assinado_sha256: char('assinado_sha256', { length: 64 }),
  substituida_em: ts('substituida_em'),
});

export const assinaturaAcesso = pgTable(
  'assinatura_acesso',
  {
    ip: varchar('ip', { length: 64 }).notNull(),
    janela: ts('janela').notNull(),
    chamadas: integer('chamadas').notNull().default(0),
    falhas: integer('falhas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ip, t.janela] })],
);

export const mensagemReenvio = pgTable('mensagem_reenvio', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  mensagem_id: integer('mensagem_id').notNull(),
  nova_mensagem_id: integer('nova_mensagem_id').notNull(),
  usuario_id: integer('usuario_id').notNull(),
  created_at: ts('created_at').notNull().defaultNow(),
});
