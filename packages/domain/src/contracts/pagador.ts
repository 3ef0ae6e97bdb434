import { z } from 'zod';
import { idParam, pagingQuerySchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, okOnly, pagedOf, timestamp } from './envelope.js';

/**
 * The payer's page (issue 27, docs/messaging.md "Página do pagador"): public, no login. The payer
 * identifies with CPF/CNPJ + date of birth (foundation, for a CNPJ) or with the code of a message's
 * link, receives a short-lived session scoped to that person, and sees only their open boletos that
 * can be paid, from every shop. Every failure of identification has one answer; every access is
 * logged (LGPD) and administradores read the log on the person's LGPD page.
 */
const tags = ['pagador'];

export const PAGADOR_MSG = {
  /** The one answer for every refused identification: never says whether the document exists. */
  naoIdentificado: 'Não foi possível confirmar os seus dados. Confira o CPF/CNPJ e a data, ou use o código recebido na mensagem.',
  sessaoExpirada: 'A sua sessão expirou. Informe os seus dados novamente.',
  linkExpirado: 'O link para o boleto expirou. Atualize a página e tente de novo.',
  boletoIndisponivel: 'Este boleto não está mais disponível para pagamento.',
  preferenciasSalvas: 'Preferências de contato salvas.',
  muitasTentativas: 'Muitas tentativas a partir deste endereço. Aguarde alguns minutos e tente novamente.',
} as const;

/** The session's lifetime (minutes) after an identification. */
export const PAGADOR_SESSAO_MINUTOS = 30;

/**
 * Identification: `codigo` alone, or `documento` + `data`. Loose on purpose (any text up to a bound):
 * a malformed CPF or date is answered like a wrong one, with the same words and the same status.
 */
export const pagadorIdentificarSchema = z.object({
  documento: z.string().max(30).optional(),
  data: z.string().max(20).optional(),
  codigo: z.string().max(30).optional(),
});
export type PagadorIdentificarInput = z.infer<typeof pagadorIdentificarSchema>;

/** The session a successful identification answers; sent back in the body of the page's calls. */
export const pagadorSessaoSchema = z.object({ sessao: z.string().max(200) });

export const pagadorPreferenciasSchema = pagadorSessaoSchema.extend({
  whatsapp: z.boolean(),
  email: z.boolean(),
});

/** One open boleto as the payer sees it: nothing about other people, nothing paid. */
export const pagadorBoletoJson = z.object({
  id,
  loja: z.string(),
  parcela: z.number().int(),
  qtd_parcelas: z.number().int(),
  vencimento: calendarDate,
  valor: money,
  /** valor + 2% multa + 0,33% ao dia when overdue (the slip's own instructions); = valor otherwise */
  valor_atualizado: money,
  dias_atraso: z.number().int(),
  linha_digitavel: z.string(),
  /** Pix copia-e-cola (boleto híbrido), when the boleto has one */
  pix: z.string().nullable(),
  /** Expiring signed address of the PDF */
  pdf_url: z.string(),
});

export const pagadorPaginaJson = z.object({
  /** First name only: enough to greet, nothing more. */
  nome: z.string(),
  boletos: z.array(pagadorBoletoJson),
  /** Current choices: false when the person left the channel. */
  canais: z.object({ whatsapp: z.boolean(), email: z.boolean() }),
  sessao_expira_em: timestamp,
});

export const PAGADOR_ACOES = ['identificacao', 'identificacao_recusada', 'listagem', 'boleto_pdf', 'preferencias'] as const;
export const PAGADOR_ACAO_LABEL: Record<(typeof PAGADOR_ACOES)[number], string> = {
  identificacao: 'Identificação',
  identificacao_recusada: 'Identificação recusada',
  listagem: 'Consulta dos boletos',
  boleto_pdf: 'Download do boleto',
  preferencias: 'Preferências de contato',
};

export const pagadorAcessoJson = z.object({
  id,
  created_at: timestamp,
  acao: z.enum(PAGADOR_ACOES),
  meio: z.enum(['documento', 'codigo']).nullable(),
  boleto_id: id.nullable(),
  detalhe: z.string().nullable(),
  ip: z.string(),
  user_agent: z.string().nullable(),
});

export const pagadorContracts = {
  identificar: defineContract({
    method: 'POST', path: '/api/pagador/identificar', access: 'public', tags,
    summary: 'Página do pagador: identificação por CPF/CNPJ e data, ou pelo código da mensagem',
    body: pagadorIdentificarSchema,
    response: okData(z.object({ sessao: z.string(), expira_em: timestamp })),
  }),
  boletos: defineContract({
    method: 'POST', path: '/api/pagador/boletos', access: 'public', tags,
    summary: 'Página do pagador: os boletos em aberto da pessoa identificada, de todas as lojas',
    body: pagadorSessaoSchema,
    response: okData(pagadorPaginaJson),
  }),
  boletoPdf: defineContract({
    method: 'GET', path: '/api/pagador/boleto/:id/pdf', access: 'public', tags,
    summary: 'Página do pagador: o PDF de um boleto (link assinado e com validade)',
    params: z.object({ id: idParam }),
    query: z.object({ p: z.string().max(12), exp: z.string().max(16), sig: z.string().max(100) }),
    file: { contentTypes: ['application/pdf'], description: 'O boleto em PDF' },
  }),
  preferencias: defineContract({
    method: 'POST', path: '/api/pagador/preferencias', access: 'public', tags,
    summary: 'Página do pagador: receber ou não mensagens por WhatsApp e e-mail',
    body: pagadorPreferenciasSchema,
    response: okOnly,
  }),
  acessos: defineContract({
    method: 'GET', path: '/api/pagador/acessos/:id', access: 'admin', tags,
    summary: 'Registro de acessos da pessoa à página do pagador (LGPD), mais recentes primeiro',
    params: z.object({ id: idParam }),
    query: pagingQuerySchema,
    response: pagedOf(pagadorAcessoJson),
  }),
};
