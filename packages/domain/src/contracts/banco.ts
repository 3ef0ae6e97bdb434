import { z } from 'zod';
import { idParam, idParamSchema, pagingQuerySchema, wholeNumberSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, okOnly, pagedOf, timestamp } from './envelope.js';

/**
 * Banks by API (issue 26, docs/banks.md, decision 113): a conta de cobrança's mode and credentials,
 * each boleto's registration at the bank and what the bank answered, the bank's webhook and the
 * daily reconciliation (Conciliação). Secrets are write-only: the answers say whether one is set.
 */
const tags = ['banco'];

export const CONTA_MODOS = ['CNAB', 'API'] as const;
export type ContaModo = (typeof CONTA_MODOS)[number];

export const BANCO_MSG = {
  urlInvalida: 'Informe um endereço http:// ou https://.',
  somenteAdministrador: 'Somente administradores configuram a integração com o banco.',
  credenciaisFaltando: 'Para trabalhar por API, informe o endereço da API, o endereço do token, o client id, o client secret e a chave da aplicação.',
  variacaoInvalida: 'Variação da carteira: até 3 dígitos.',
  tokenInvalido: 'Chamada não autorizada.',
} as const;

/** The conta's client certificate for mutual TLS with its bank (PFX/P12 or PEM): its refusals. */
export const BANCO_CERTIFICADO_MSG = {
  naoCertificado: 'O arquivo não é um certificado: envie o .pfx/.p12 (com a senha) ou o PEM com o certificado e a chave privada.',
  semCertificado: 'O arquivo PEM não contém o certificado (BEGIN CERTIFICATE): envie o certificado junto com a chave.',
  semChave: 'Falta a chave privada do certificado: envie o PEM com a chave (BEGIN PRIVATE KEY) ou o .pfx/.p12.',
  chaveIlegivel: 'A chave privada do arquivo PEM não pôde ser lida.',
  chaveNaoConfere: 'A chave privada não corresponde ao certificado: envie a chave deste certificado.',
  senhaIncorreta: 'Senha do certificado incorreta.',
  senhaFaltando: 'Informe a senha do certificado.',
  vencido: (dia: string) => `O certificado venceu em ${dia}: envie um certificado válido.`,
  aindaNaoValido: (dia: string) => `O certificado só vale a partir de ${dia}.`,
  semCertificadoNaConta: 'Esta conta não tem certificado.',
} as const;

/** Início warns about a conta's certificate this many days before it expires (and after). */
export const CERTIFICADO_ALERTA_DIAS = 30;

/** Whole days from `now` until the certificate expires (negative: expired that many days ago). */
export function certificadoDiasRestantes(validade: Date, now: Date): number {
  return Math.floor((validade.getTime() - now.getTime()) / 86_400_000);
}

/** Início's sentence about a conta's certificate. */
export function certificadoAlertaTexto(conta: string, dias: number): string {
  if (dias < 0) return `Certificado da conta ${conta} venceu há ${-dias} dia${dias === -1 ? '' : 's'}: as chamadas ao banco com TLS mútuo vão falhar.`;
  if (dias === 0) return `Certificado da conta ${conta} vence hoje.`;
  return `Certificado da conta ${conta} vence em ${dias} dia${dias === 1 ? '' : 's'}.`;
}

/** The conta's client certificate as the screens show it (never the key). */
export const contaCertificadoJson = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  validade: timestamp,
  dias_restantes: z.number().int(),
  /** ≤ CERTIFICADO_ALERTA_DIAS days left, or expired. */
  vencendo: z.boolean(),
});

const url = z.string().trim().max(300, 'Até 300 caracteres.').regex(/^https?:\/\/\S+$/, BANCO_MSG.urlInvalida);
const optionalText = (max: number) => z.string().trim().max(max, `Até ${max} caracteres.`);

/** The conta's integration as the admin edits it (empty secret: keep the one stored). */
export const contaIntegracaoSchema = z.object({
  modo: z.enum(CONTA_MODOS, { error: 'Escolha arquivo CNAB ou API.' }),
  api_url: url.or(z.literal('')).nullable().optional(),
  api_oauth_url: url.or(z.literal('')).nullable().optional(),
  api_client_id: optionalText(200).nullable().optional(),
  /** Write-only: sent to change it; empty or absent keeps the stored one. */
  client_secret: optionalText(500).optional(),
  app_key: optionalText(500).optional(),
  variacao_carteira: z.string().trim().regex(/^\d{0,3}$/, BANCO_MSG.variacaoInvalida).nullable().optional(),
  /** Minutes the bank needs after registering before it accepts a change (BB: 30). */
  alteracao_espera_minutos: wholeNumberSchema('Espera para alterar: de 0 a 1440 minutos.', { min: 0, max: 1440 }).optional(),
});
export type ContaIntegracaoInput = z.infer<typeof contaIntegracaoSchema>;

/** One conta as listed (getAll): identity, mode, endpoints; secrets only as "set or not". */
export const contaBancoJson = z.object({
  id,
  banco: z.string(),
  agencia: z.string(),
  conta: z.string().nullable(),
  codigo_beneficiario: z.string(),
  carteira: z.string(),
  variacao_carteira: z.string().nullable(),
  nome: z.string(),
  ativa: z.boolean(),
  modo: z.enum(CONTA_MODOS),
  api_url: z.string().nullable(),
  api_oauth_url: z.string().nullable(),
  api_client_id: z.string().nullable(),
  tem_client_secret: z.boolean(),
  tem_app_key: z.boolean(),
  alteracao_espera_minutos: z.number().int(),
  /** Where the bank must send its webhook (with this conta's token). */
  webhook_url: z.string(),
  updated_at: timestamp,
  /** The client certificate for mutual TLS (null: none uploaded). */
  certificado: contaCertificadoJson.pick({ subject: true, validade: true, dias_restantes: true, vencendo: true }).nullable(),
});

export const BANCO_REGISTRO_ESTADOS = ['PENDENTE', 'ENVIANDO', 'REGISTRADO', 'REJEITADO'] as const;

/** One exchange with the bank (request, response or webhook), secrets masked. */
export const bancoComunicacaoJson = z.object({
  id,
  direcao: z.enum(['ENVIADO', 'RECEBIDO']),
  operacao: z.string(),
  metodo: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  requisicao: z.string().nullable(),
  resposta: z.string().nullable(),
  sha256: z.string().nullable(),
  latencia_ms: z.number().int().nullable(),
  erro: z.string().nullable(),
  created_at: timestamp,
});

/** A boleto at the bank (its conta works by API), as the boleto's screen shows it. */
export const boletoBancoJson = z.object({
  boleto_id: id,
  modo: z.enum(CONTA_MODOS),
  /** null: the boleto was never sent (CNAB mode, or not released yet). */
  estado: z.enum(BANCO_REGISTRO_ESTADOS).nullable(),
  /** The sentence the screens show ("Aguardando registro no banco (há 3 min)", "Registrado no banco em …"). */
  descricao: z.string(),
  imprimivel: z.boolean(),
  numero_banco: z.string().nullable(),
  tentativas: z.number().int(),
  solicitado_em: timestamp.nullable(),
  registrado_em: timestamp.nullable(),
  proxima_tentativa: timestamp.nullable(),
  ultimo_erro: z.string().nullable(),
  linha_digitavel: z.string().nullable(),
  pix: z.boolean(),
  /** A change waiting for the bank's wait after registration (BB: 30 min), and when it goes. */
  alteracao_pendente: z.object({ valor: money.nullable(), vencimento: calendarDate.nullable(), a_partir_de: timestamp.nullable() }).nullable(),
  /** A "baixa operacional" (payment notice) not yet settled: "Pagamento em processamento". */
  pagamento_em_processamento: z.object({ valor: money, data: calendarDate.nullable(), canal: z.string().nullable() }).nullable(),
  /** What the bank answered, newest first (administradores only; empty for a loja). */
  comunicacoes: z.array(bancoComunicacaoJson),
});

export const DIVERGENCIA_TIPOS = ['PAGAMENTO_NAO_APLICADO', 'REGISTRO_NAO_CONFIRMADO', 'DESCONHECIDO_NO_BANCO', 'NAO_ENCONTRADO_AQUI', 'BAIXA_NAO_APLICADA'] as const;
export const DIVERGENCIA_TEXTO: Record<(typeof DIVERGENCIA_TIPOS)[number], string> = {
  PAGAMENTO_NAO_APLICADO: 'Pago no banco, não liquidado aqui',
  REGISTRO_NAO_CONFIRMADO: 'Registrado no banco, aguardando registro aqui',
  DESCONHECIDO_NO_BANCO: 'Registrado aqui, o banco não conhece',
  NAO_ENCONTRADO_AQUI: 'No banco, sem boleto aqui',
  BAIXA_NAO_APLICADA: 'Baixado no banco, em aberto aqui',
};
export const DIVERGENCIA_ACOES = ['APLICAR_PAGAMENTO', 'MARCAR_REGISTRADO', 'REENVIAR_REGISTRO', 'DESCARTAR'] as const;

export const divergenciaJson = z.object({
  id,
  conta_cobranca_id: id,
  boleto_id: id.nullable(),
  numero_banco: z.string(),
  tipo: z.enum(DIVERGENCIA_TIPOS),
  descricao: z.string(),
  /** What the bank says and what we have (amounts in reais, dates). */
  detalhe: z.record(z.string(), z.unknown()),
  /** The one-click resolutions that fit this finding. */
  acoes: z.array(z.enum(DIVERGENCIA_ACOES)),
  estado: z.enum(['ABERTA', 'RESOLVIDA']),
  resolucao: z.string().nullable(),
  resolvida_em: timestamp.nullable(),
  created_at: timestamp,
});

export const bancoContracts = {
  webhook: defineContract({
    method: 'POST', path: '/api/banco/webhook/:id', access: 'public', tags,
    summary: 'Aviso do banco (Banco do Brasil: baixa operacional, uma lista de pagamentos) para a conta {id}; autenticado pelo token da conta',
    params: idParamSchema,
    query: z.object({ token: z.string().max(200).optional() }),
    response: okOnly,
  }),
  getAllContas: defineContract({
    method: 'GET', path: '/api/contaCobranca/getAll', access: 'admin', tags,
    summary: 'Todas as contas de cobrança com id, modo (arquivo CNAB ou API) e endereços; segredos nunca voltam',
    response: okData(z.array(contaBancoJson)),
  }),
  saveIntegracao: defineContract({
    method: 'POST', path: '/api/contaCobranca/integracao/:id', access: 'admin', tags,
    summary: 'Modo (CNAB ou API), endereços e credenciais da conta; segredos vazios mantêm os guardados',
    params: idParamSchema,
    body: contaIntegracaoSchema,
    response: okData(contaBancoJson),
  }),
  testarConexao: defineContract({
    method: 'POST', path: '/api/contaCobranca/testarConexao/:id', access: 'admin', tags,
    summary: 'Pede um token ao banco com as credenciais da conta e diz se funcionou',
    params: idParamSchema,
    response: okData(z.object({ ok: z.boolean(), mensagem: z.string(), latencia_ms: z.number().int().nullable() })),
  }),
  getBoletoBanco: defineContract({
    method: 'GET', path: '/api/banco/boleto/:id', access: 'authenticated', tags,
    summary: 'O boleto no banco: registro, pagamento em processamento, alteração aguardando e o que o banco respondeu',
    params: idParamSchema,
    response: okData(boletoBancoJson),
  }),
  registrarBoleto: defineContract({
    method: 'POST', path: '/api/banco/registrar/:id', access: 'admin', tags,
    summary: 'Envia (de novo) o registro de um boleto recusado ou pendente, agora',
    params: idParamSchema,
    response: okOnly,
  }),
  consultarBoleto: defineContract({
    method: 'POST', path: '/api/banco/consultar/:id', access: 'admin', tags,
    summary: 'Pergunta ao banco pelo boleto agora; um pagamento liquidado no banco é aplicado (uma vez só)',
    params: idParamSchema,
    response: okData(z.object({ estado_banco: z.string(), liquidado: z.boolean() })),
  }),
  getConciliacao: defineContract({
    method: 'GET', path: '/api/banco/conciliacao', access: 'admin', tags,
    summary: 'Diferenças entre os boletos daqui e a lista do banco (conciliação diária)',
    query: pagingQuerySchema.extend({ estado: z.enum(['ABERTA', 'RESOLVIDA']).default('ABERTA'), conta_cobranca_id: idParam.optional() }),
    response: pagedOf(divergenciaJson),
  }),
  resolverDivergencia: defineContract({
    method: 'POST', path: '/api/banco/conciliacao/resolver/:id', access: 'admin', tags,
    summary: 'Resolve uma diferença: aplicar o pagamento, marcar registrado, reenviar o registro ou descartar',
    params: idParamSchema,
    body: z.object({ acao: z.enum(DIVERGENCIA_ACOES, { error: 'Escolha a ação.' }) }),
    response: okOnly,
  }),
  executarConciliacao: defineContract({
    method: 'POST', path: '/api/banco/conciliacao/executar', access: 'admin', tags,
    summary: 'Concilia agora as contas que trabalham por API (o job diário, sob demanda)',
    response: okData(z.object({ job_id: id })),
  }),
  enviarCertificado: defineContract({
    method: 'POST', path: '/api/contaCobranca/certificado/:id', access: 'admin', tags,
    summary: 'Certificado do cliente para TLS mútuo com o banco: .pfx/.p12 com a senha, ou PEM (certificado e chave em um ou dois arquivos); verificado pelo conteúdo, a chave guardada cifrada',
    params: idParamSchema,
    multipart: { fields: ['senha'], files: 'arquivo', maxFiles: 2 },
    bodyLimit: 512 * 1024,
    response: okData(contaCertificadoJson),
  }),
  removerCertificado: defineContract({
    method: 'POST', path: '/api/contaCobranca/removerCertificado/:id', access: 'admin', tags,
    summary: 'Remove o certificado do cliente da conta (as chamadas ao banco seguem sem TLS mútuo)',
    params: idParamSchema,
    response: okOnly,
  }),
};
