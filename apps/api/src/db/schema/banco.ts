import { bigint, char, date, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0150_banco_api.sql (the SQL is the source of truth): the bank by API.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type BancoRegistroEstado = 'PENDENTE' | 'ENVIANDO' | 'REGISTRADO' | 'REJEITADO';
export type PagamentoProcessando = { data: string | null; valor_cents: number; canal: string | null; recebido_em: string; webhook_id: number };

export const bancoRegistro = pgTable('banco_registro', {
  boleto_id: integer('boleto_id').primaryKey(),
  conta_cobranca_id: integer('conta_cobranca_id').notNull(),
  estado: varchar('estado', { length: 10 }).$type<BancoRegistroEstado>().notNull().default('PENDENTE'),
  numero_banco: varchar('numero_banco', { length: 30 }),
  tentativas: integer('tentativas').notNull().default(0),
  proxima_tentativa: ts('proxima_tentativa').notNull().defaultNow(),
  solicitado_em: ts('solicitado_em').notNull().defaultNow(),
  enviado_em: ts('enviado_em'),
  registrado_em: ts('registrado_em'),
  linha_digitavel: varchar('linha_digitavel', { length: 60 }),
  codigo_barras: varchar('codigo_barras', { length: 50 }),
  pix_emv: text('pix_emv'),
  pix_txid: varchar('pix_txid', { length: 40 }),
  ultimo_erro: varchar('ultimo_erro', { length: 600 }),
  valor_enviado: numeric('valor_enviado', { precision: 14, scale: 2 }),
  vencimento_enviado: date('vencimento_enviado', { mode: 'string' }),
  baixa_enviada_em: ts('baixa_enviada_em'),
  pagamento_processando: jsonb('pagamento_processando').$type<PagamentoProcessando | null>(),
  // 0151: when the reconciliation last asked the bank for this title (banks without a listing)
  conciliado_em: ts('conciliado_em'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const bancoComunicacao = pgTable('banco_comunicacao', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  conta_cobranca_id: integer('conta_cobranca_id'),
  boleto_id: integer('boleto_id'),
  direcao: varchar('direcao', { length: 8 }).$type<'ENVIADO' | 'RECEBIDO'>().notNull(),
  operacao: varchar('operacao', { length: 30 }).notNull(),
  metodo: varchar('metodo', { length: 7 }).notNull(),
  url: varchar('url', { length: 600 }).notNull(),
  status: integer('status'),
  requisicao: text('requisicao'),
  resposta: text('resposta'),
  sha256: char('sha256', { length: 64 }),
  latencia_ms: integer('latencia_ms'),
  erro: varchar('erro', { length: 600 }),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const bancoWebhook = pgTable('banco_webhook', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  conta_cobranca_id: integer('conta_cobranca_id'),
  comunicacao_id: bigint('comunicacao_id', { mode: 'number' }),
  corpo: text('corpo').notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  status: varchar('status', { length: 10 }).$type<'RECEBIDO' | 'PROCESSADO' | 'FALHOU'>().notNull().default('RECEBIDO'),
  resultado: jsonb('resultado'),
  erro: varchar('erro', { length: 600 }),
  recebido_em: ts('recebido_em').notNull().defaultNow(),
  processado_em: ts('processado_em'),
});

export type DivergenciaTipo = 'PAGAMENTO_NAO_APLICADO' | 'REGISTRO_NAO_CONFIRMADO' | 'DESCONHECIDO_NO_BANCO' | 'NAO_ENCONTRADO_AQUI' | 'BAIXA_NAO_APLICADA';

export const bancoDivergencia = pgTable('banco_divergencia', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  conta_cobranca_id: integer('conta_cobranca_id').notNull(),
  boleto_id: integer('boleto_id'),
  numero_banco: varchar('numero_banco', { length: 30 }).notNull(),
  tipo: varchar('tipo', { length: 30 }).$type<DivergenciaTipo>().notNull(),
  detalhe: jsonb('detalhe').$type<Record<string, unknown>>().notNull(),
  estado: varchar('estado', { length: 10 }).$type<'ABERTA' | 'RESOLVIDA'>().notNull().default('ABERTA'),
  resolucao: varchar('resolucao', { length: 300 }),
  resolvida_por: integer('resolvida_por'),
  resolvida_em: ts('resolvida_em'),
  created_at: ts('created_at').notNull().defaultNow(),
});
