import { z } from 'zod';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import {
  ACORDO_STATUSES,
  AGENDAMENTO_STATUSES,
  PARCELA_SITUACOES,
  SPC_STATUSES,
} from '../cobranca/cobranca-status.js';
import {
  acordoCreateSchema,
  agendamentoSchema,
  baixarParcelaSchema,
  cancelarAcordoSchema,
  cobrancaId,
  incluirSpcSchema,
  mesSchema,
} from '../cobranca/cobranca-schemas.js';
import { boletoSituacaoSchema } from './boleto.js';
import { defineContract } from './contract.js';
import { calendarDate, createdId, id, money, okData, pagedOf, selectOption, timestamp } from './envelope.js';
import { pessoaJson } from './pessoa.js';

/**
 * Cobrança (spec §2 Inadimplentes, Agendamentos, Acordos; §7 People and Settlements): every call
 * is for administradores only. The pessoa-prefixed calls (defaulters, notes) live here rather than
 * in pessoa.ts; docs/cobranca.md describes the screens and the rules.
 */
const tags = ['cobrança'];

export const acordoStatusSchema = z.enum(ACORDO_STATUSES);
export const parcelaSituacaoSchema = z.enum(PARCELA_SITUACOES);
export const agendamentoStatusSchema = z.enum(AGENDAMENTO_STATUSES);
export const spcStatusSchema = z.enum(SPC_STATUSES);

const pesquisa = z.string().trim().max(100).optional();
const allWhenEmpty = z.literal('').transform(() => undefined);

/** A row of the defaulters list: Id, Pessoa, Cpf/Cnpj, Telefones (up to four), plus the debt. */
export const inadimplenteRowJson = z.object({
  id,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  /** Up to four phones (telefone1, telefone2, then the extra ones), digits; the screen joins them with " / ". */
  telefones: z.array(z.string()),
  qtd_boletos: z.number().int(),
  valor_vencido: money,
  maior_atraso: z.number().int(),
  spc_ativo: z.boolean(),
});

/** An SPC record of one boleto (ours: what blocks new guarantees for the document). */
export const spcInclusaoJson = z.object({
  id,
  status: spcStatusSchema,
  protocolo: z.string().nullable(),
  incluido_em: timestamp,
  /** AVISADA: when the prior notice was sent and the day the inclusion is due (decision 111) */
  aviso_em: timestamp.nullable(),
  inclusao_prevista: calendarDate.nullable(),
  /** the notice letter's posting (decision 116): the period counts from it; null = not posted yet */
  carta_postada_em: calendarDate.nullable(),
  carta_rastreio: z.string().nullable(),
  exclusao_prazo: calendarDate.nullable(),
  removido_em: timestamp.nullable(),
});

/** A pending boleto of "Novo Acordo": Empresa, Protocolo, Garantia, Vencimento, Dias de Atraso, Valor. */
export const boletoPendenteJson = z.object({
  id,
  digito: z.number().int(),
  garantia_id: id,
  garantia_digito: z.number().int(),
  empresa: z.string(),
  parcela: z.number().int(),
  vencimento: calendarDate,
  dias_atraso: z.number().int(),
  valor: money,
  situacao: boletoSituacaoSchema,
  /**
   * What acordos cancelled since already paid of this boleto's principal: deducted from the next
   * acordo's valor atualizado ("Pagamentos anteriores", decision 109).
   */
  pagamentos_anteriores: money,
  /** The latest SPC record of this boleto, if any. */
  spc: spcInclusaoJson.nullable(),
});

/** Valor sem juros and valor atualizado (settlementUpdatedValue) of the overdue boletos. */
export const settlementTotaisJson = z.object({
  valor_sem_juros: money,
  multa: money,
  juros: money,
  taxa: money,
  /** Already paid under cancelled acordos (deducted). */
  pagamentos_anteriores: money,
  valor_atualizado: money,
});

/** An acordo as lists and the defaulter's detail show it. */
export const acordoResumoJson = z.object({
  id,
  status: acordoStatusSchema,
  valor: money,
  numero_parcelas: z.number().int(),
  ultimo_vencimento: calendarDate,
  created_at: timestamp,
});

export const inadimplenteDetailJson = z.object({
  pessoa: pessoaJson,
  /** Every phone of the person (digits). */
  telefones: z.array(z.string()),
  /** The server's date (São Paulo): the day the screen simulates with. */
  hoje: calendarDate,
  /** Open boletos not in a running acordo, overdue first (DOMAIN.md "Collections"). */
  boletos: z.array(boletoPendenteJson),
  /** Of the overdue boletos only; null when none is overdue. */
  totais: settlementTotaisJson.nullable(),
  acordos: z.array(acordoResumoJson),
});

/** A note/schedule (spec §3: data, descricao, pessoa_id, status, created_at, usuario). */
export const agendamentoJson = z.object({
  id,
  data: calendarDate,
  descricao: z.string(),
  status: agendamentoStatusSchema,
  pessoa_id: id,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  usuario_id: id.nullable(),
  usuario: z.string().nullable(),
  created_at: timestamp,
  realizado_em: timestamp.nullable(),
  realizado_por: z.string().nullable(),
});

export const inadimplentesQuery = pagingQuerySchema.extend({ pesquisa });

export const agendamentosQuery = pagingQuerySchema.extend({
  /** Required (spec §5 "Agendamento filter: month"). */
  mes: mesSchema,
  usuario_id: cobrancaId.optional().or(allWhenEmpty),
  status: agendamentoStatusSchema.optional().or(allWhenEmpty),
  pesquisa,
});

/** Spec §7 People: the collections calls. */
export const cobrancaContracts = {
  getInadimplentes: defineContract({
    method: 'GET', path: '/api/pessoa/getInadimplentes', access: 'admin', tags,
    summary: 'Inadimplentes: pessoas com boleto vencido em aberto (GARANTIDO, ENVIADO PARA REGISTRO, DISPONÍVEL PARA PAGAMENTO, QUITADO)',
    query: inadimplentesQuery,
    response: pagedOf(inadimplenteRowJson),
  }),
  getInadimplenteById: defineContract({
    method: 'GET', path: '/api/pessoa/getInadimplenteById/:id', access: 'admin', tags,
    summary: 'Inadimplente: pessoa, boletos pendentes, valores e acordos',
    params: idParamSchema,
    response: okData(inadimplenteDetailJson),
  }),
  getAllNotesPaginate: defineContract({
    method: 'GET', path: '/api/pessoa/getAllNotesPaginate', access: 'admin', tags,
    summary: 'Agendamentos do mês (filtros: operador, situação, nome ou CPF/CNPJ)',
    query: agendamentosQuery,
    response: pagedOf(agendamentoJson),
  }),
  getNotesByPessoaId: defineContract({
    method: 'GET', path: '/api/pessoa/getNotesByPessoaId/:id', access: 'admin', tags,
    summary: 'Agendamentos da pessoa (mais recentes primeiro)',
    params: idParamSchema,
    response: okData(z.array(agendamentoJson)),
  }),
  createNote: defineContract({
    method: 'POST', path: '/api/pessoa/createNote', access: 'admin', tags,
    summary: 'Novo agendamento (data e descrição obrigatórias)',
    body: agendamentoSchema,
    response: createdId,
  }),
  concluirNote: defineContract({
    method: 'POST', path: '/api/pessoa/concluirNote/:id', access: 'admin', tags,
    summary: 'Marcar agendamento como realizado (somente PENDENTE)',
    params: idParamSchema,
    response: okData(z.object({ id, status: agendamentoStatusSchema })),
  }),
  getOperadores: defineContract({
    method: 'GET', path: '/api/pessoa/getOperadores', access: 'admin', tags,
    summary: 'Operadores (administradores) para o filtro de Agendamentos',
    response: okData(z.array(selectOption)),
  }),
};

/** A row of the Acordos list: one instalment (Vencimento, Pessoa, Cpf/Cnpj, Parcela n/total, Valor, Situação). */
export const acordoParcelaRowJson = z.object({
  id,
  acordo_id: id,
  parcela: z.number().int(),
  numero_parcelas: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  situacao: parcelaSituacaoSchema,
  pago_em: timestamp.nullable(),
  acordo_status: acordoStatusSchema,
  pessoa_id: id,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
});

const acordoParcelaJson = z.object({
  id,
  acordo_id: id,
  parcela: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  situacao: parcelaSituacaoSchema,
  pago_em: timestamp.nullable(),
  pago_por: z.string().nullable(),
});

const acordoBoletoJson = z.object({
  id,
  digito: z.number().int(),
  garantia_id: id,
  garantia_digito: z.number().int(),
  empresa: z.string(),
  parcela: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  dias_atraso: z.number().int(),
  situacao_anterior: boletoSituacaoSchema,
  situacao: boletoSituacaoSchema,
});

/** An acordo with its plan and covered boletos (spec §3 Settlement). */
export const acordoDetailJson = z.object({
  id,
  descricao: z.string(),
  status: acordoStatusSchema,
  pessoa_id: id,
  nome_razao: z.string(),
  cpf_cnpj: z.string(),
  valor: money,
  desconto: money,
  valor_sem_juros: money,
  multa: money,
  juros: money,
  taxa: money,
  valor_atualizado: money,
  valor_entrada: money,
  numero_parcelas: z.number().int(),
  ultimo_vencimento: calendarDate,
  data_simulacao: calendarDate,
  total_pago: money,
  user_id: id,
  usuario: z.string(),
  created_at: timestamp,
  ativado_em: timestamp.nullable(),
  quitado_em: timestamp.nullable(),
  data_cancelamento: timestamp.nullable(),
  user_cancelamento_id: id.nullable(),
  usuario_cancelamento: z.string().nullable(),
  parcelas: z.array(acordoParcelaJson),
  boletos: z.array(acordoBoletoJson),
});

export const acordosQuery = pagingQuerySchema.extend({
  /** Month of the instalments' vencimento; empty = every month. */
  mes: mesSchema.optional().or(allWhenEmpty),
  situacao: parcelaSituacaoSchema.optional().or(allWhenEmpty),
  pesquisa,
});

/** Spec §7 Settlements. */
export const acordoContracts = {
  create: defineContract({
    method: 'POST', path: '/api/acordo/create', access: 'admin', tags,
    summary: 'Efetivar acordo: o servidor refaz a simulação e recusa valores divergentes (409)',
    body: acordoCreateSchema,
    response: createdId,
  }),
  getAll: defineContract({
    method: 'GET', path: '/api/acordo/getAll', access: 'admin', tags,
    summary: 'Parcelas de acordos (filtros: mês do vencimento, situação, nome ou CPF/CNPJ)',
    query: acordosQuery,
    response: pagedOf(acordoParcelaRowJson),
  }),
  getById: defineContract({
    method: 'GET', path: '/api/acordo/getById/:id', access: 'admin', tags,
    summary: 'Acordo com parcelas e boletos',
    params: idParamSchema,
    response: okData(acordoDetailJson),
  }),
  baixarParcela: defineContract({
    method: 'POST', path: '/api/acordo/baixar-parcela', access: 'admin', tags,
    summary: 'Baixar parcela (a primeira paga ativa o acordo; todas pagas: QUITADO)',
    body: baixarParcelaSchema,
    response: okData(z.object({ id, acordo_id: id, situacao: parcelaSituacaoSchema, acordo_status: acordoStatusSchema })),
  }),
  cancelar: defineContract({
    method: 'POST', path: '/api/acordo/cancelar', access: 'admin', tags,
    summary: 'Cancelar acordo (registra data e usuário; os boletos voltam a ser cobrados)',
    body: cancelarAcordoSchema,
    response: okData(z.object({ id, status: acordoStatusSchema, data_cancelamento: timestamp })),
  }),
  incluirSpc: defineContract({
    method: 'POST', path: '/api/acordo/incluir-spc', access: 'admin', tags,
    summary: 'Incluir boleto vencido no SPC (com aviso prévio ao devedor, CDC art. 43 § 2º)',
    body: incluirSpcSchema,
    response: okData(z.object({ id, boleto_id: id, status: spcStatusSchema, protocolo: z.string().nullable(), aviso_mensagem_id: id.nullable(), mensagens: z.array(id), aviso_em: timestamp, inclusao_prevista: calendarDate.nullable() })),
  }),
  getTermo: defineContract({
    method: 'GET', path: '/api/acordo/getTermo/:id', access: 'admin', tags,
    summary: 'Termo de acordo e confissão de dívida (PDF)',
    params: idParamSchema,
    file: { contentTypes: ['application/pdf'], description: 'O termo do acordo em PDF' },
  }),
};
