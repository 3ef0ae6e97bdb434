import type { AcordoStatus, AgendamentoStatus, ParcelaSituacao, Situacao, SpcStatus } from '@bg/domain';
import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors migrations/0051_cobranca.sql (the SQL is the source of truth); spc_inclusao was created by
// 0002_core_model.sql and extended by 0051, so its mirror lives here with the rest of collections.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const acordo = pgTable('acordo', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  descricao: varchar('descricao', { length: 300 }).notNull(),
  status: varchar('status', { length: 25 }).$type<AcordoStatus>().notNull().default('Aguardando Ativação'),
  valor: money('valor').notNull(),
  desconto: money('desconto').notNull().default('0'),
  valor_sem_juros: money('valor_sem_juros').notNull(),
  multa: money('multa').notNull(),
  juros: money('juros').notNull(),
  taxa: money('taxa').notNull(),
  valor_atualizado: money('valor_atualizado').notNull(),
  /** What cancelled acordos of the same boletos had already paid of their principal (0131). */
  pagamentos_anteriores: money('pagamentos_anteriores').notNull().default('0'),
  valor_entrada: money('valor_entrada').notNull(),
  numero_parcelas: smallint('numero_parcelas').notNull(),
  ultimo_vencimento: date('ultimo_vencimento', { mode: 'string' }).notNull(),
  data_simulacao: date('data_simulacao', { mode: 'string' }).notNull(),
  user_id: integer('user_id').notNull(),
  ativado_em: ts('ativado_em'),
  quitado_em: ts('quitado_em'),
  data_cancelamento: ts('data_cancelamento'),
  user_cancelamento_id: integer('user_cancelamento_id'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const acordoParcela = pgTable('acordo_parcela', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  acordo_id: integer('acordo_id').notNull(),
  parcela: smallint('parcela').notNull(),
  vencimento: date('vencimento', { mode: 'string' }).notNull(),
  valor: money('valor').notNull(),
  situacao: varchar('situacao', { length: 15 }).$type<ParcelaSituacao>().notNull().default('Em Aberto'),
  pago_em: ts('pago_em'),
  pago_por: integer('pago_por'),
  created_at: ts('created_at').notNull().defaultNow(),
});

export const acordoBoleto = pgTable(
  'acordo_boleto',
  {
    acordo_id: integer('acordo_id').notNull(),
    boleto_id: integer('boleto_id').notNull(),
    valor: money('valor').notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    dias_atraso: integer('dias_atraso').notNull(),
    situacao_anterior: varchar('situacao_anterior', { length: 40 }).$type<Situacao>().notNull(),
    vigente: boolean('vigente').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.acordo_id, t.boleto_id] })],
);

export const agendamento = pgTable('agendamento', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pessoa_id: integer('pessoa_id').notNull(),
  data: date('data', { mode: 'string' }).notNull(),
  descricao: varchar('descricao', { length: 1000 }).notNull(),
  status: varchar('status', { length: 15 }).$type<AgendamentoStatus>().notNull().default('PENDENTE'),
  usuario_id: integer('usuario_id'),
  created_at: ts('created_at').notNull().defaultNow(),
  realizado_em: ts('realizado_em'),
  realizado_por: integer('realizado_por'),
});

export const spcInclusao = pgTable('spc_inclusao', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
  pessoa_id: integer('pessoa_id'),
  boleto_id: integer('boleto_id'),
  status: varchar('status', { length: 20 }).$type<SpcStatus>().notNull().default('ATIVA'),
  protocolo: varchar('protocolo', { length: 60 }),
  incluido_por: integer('incluido_por'),
  incluido_em: ts('incluido_em').notNull().defaultNow(),
  removido_por: integer('removido_por'),
  removido_em: ts('removido_em'),
  valor: money('valor'),
  vencimento: date('vencimento', { mode: 'string' }),
  aviso_mensagem_id: integer('aviso_mensagem_id'),
  exclusao_solicitada_em: ts('exclusao_solicitada_em'),
  exclusao_prazo: date('exclusao_prazo', { mode: 'string' }),
  exclusao_motivo: varchar('exclusao_motivo', { length: 200 }),
  exclusao_tentativas: integer('exclusao_tentativas').notNull().default(0),
  exclusao_erro: text('exclusao_erro'),
  protocolo_exclusao: varchar('protocolo_exclusao', { length: 60 }),
  /** the notice period (0141, decision 111): when the notice was sent, the day the inclusion is due */
  aviso_em: ts('aviso_em'),
  inclusao_prevista: date('inclusao_prevista', { mode: 'string' }),
  inclusao_tentativas: integer('inclusao_tentativas').notNull().default(0),
  inclusao_erro: text('inclusao_erro'),
  desistencia_motivo: varchar('desistencia_motivo', { length: 200 }),
  /** the notice as a registered letter (0160, decision 116): the address printed, the posting and its AR code */
  carta_destinatario: jsonb('carta_destinatario').$type<SpcCartaDestinatario | null>(),
  carta_postada_em: date('carta_postada_em', { mode: 'string' }),
  carta_rastreio: varchar('carta_rastreio', { length: 20 }),
  carta_registrada_por: integer('carta_registrada_por'),
  carta_registrada_em: ts('carta_registrada_em'),
});

/** Where the SPC notice letter was addressed (a snapshot: the letter says what it said). */
export type SpcCartaDestinatario = {
  nome: string; cpf_cnpj: string; endereco: string; numero: string | null; complemento: string | null;
  bairro: string | null; cidade: string; uf: string; cep: string;
};

/**
 * Mirrors migrations/0097_inadimplencia_resumo.sql and 0098: per person, the overdue pending boletos as of
 * inadimplencia_referencia.dia, kept by triggers (docs/decisions/097-inadimplencia-resumo.md).
 * Read only: no use-case writes it.
 */
export const inadimplenciaResumo = pgTable('inadimplencia_resumo', {
  pessoa_id: integer('pessoa_id').primaryKey(),
  qtd: integer('qtd').notNull(),
  valor: money('valor').notNull(),
  vencimento_mais_antigo: date('vencimento_mais_antigo', { mode: 'string' }),
  /** pessoa's, copied and kept equal by a trigger (0098): the list searches and orders the summary alone. */
  nome_razao: varchar('nome_razao', { length: 150 }).notNull(),
  cpf_cnpj: varchar('cpf_cnpj', { length: 14 }).notNull(),
});
