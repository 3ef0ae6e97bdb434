/**
 * Codes and states of Caixa's boleto API. Sources (docs/banks.md "## Caixa"): the Swagger 3.2.0
 * enums, the manual MO 38.431 notes NE039 (return codes) and NE040 (situações), and the SIGCB
 * web-service return "(38) NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO".
 */

/** Espécie 02 — duplicata mercantil: the guarantees are over duplicatas (as the CNAB remessa). */
export const CAIXA_ESPECIE_DUPLICATA_MERCANTIL = 2;
/** Código da moeda 9 = Real. */
export const CAIXA_MOEDA_REAL = 9;

/** Situação of a title as Consulta_Boleto answers it (NE040), upper case, without accents. */
export const CAIXA_SITUACOES = [
  'EM ABERTO',
  'LIQUIDADO',
  'BAIXA POR DEVOLUCAO',
  'BAIXA POR ESTORNO',
  'BAIXA POR PROTESTO',
  'ENVIADO AO CARTORIO',
  'LIQUIDADO NO CARTORIO',
  'SOMENTE PARA PROTESTO',
  'SUSTADO CARTORIO',
  'TITULO JA PAGO NO DIA',
] as const;
export type CaixaSituacao = (typeof CAIXA_SITUACOES)[number];

/** Our reading of a situação, the same words as the other banks' adapters. */
export type CaixaEstado = 'REGISTRADO' | 'LIQUIDADO' | 'BAIXADO' | 'EM_CARTORIO' | 'DESCONHECIDO';

const ESTADO_DA_SITUACAO: Record<CaixaSituacao, CaixaEstado> = {
  'EM ABERTO': 'REGISTRADO',
  LIQUIDADO: 'LIQUIDADO',
  'LIQUIDADO NO CARTORIO': 'LIQUIDADO',
  'TITULO JA PAGO NO DIA': 'LIQUIDADO',
  'BAIXA POR DEVOLUCAO': 'BAIXADO',
  'BAIXA POR ESTORNO': 'BAIXADO',
  'BAIXA POR PROTESTO': 'BAIXADO',
  'ENVIADO AO CARTORIO': 'EM_CARTORIO',
  'SOMENTE PARA PROTESTO': 'EM_CARTORIO',
  'SUSTADO CARTORIO': 'EM_CARTORIO',
};

function plainUpper(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toUpperCase();
}

/** A situação as Caixa wrote it → our estado; anything unknown is DESCONHECIDO, never a guess. */
export function caixaEstado(situacao: string | null | undefined): CaixaEstado {
  if (!situacao) return 'DESCONHECIDO';
  // SIGCB also writes "BAIXADO POR DEVOLUCAO" in its messages; both spellings are a baixa.
  const key = plainUpper(situacao).replace(/^BAIXADO POR /, 'BAIXA POR ') as CaixaSituacao;
  return ESTADO_DA_SITUACAO[key] ?? 'DESCONHECIDO';
}

/**
 * Business return codes (NE039) the sandbox answers and our messages name. The REST body carries
 * them in `negocial[].codigo` (Swagger: up to 5 characters); the four-digit form is the manual's.
 */
export const CAIXA_ERROS = {
  BENEFICIARIO_INVALIDO: { codigo: '0001', mensagem: 'CODIGO DO BENEFICIARIO INVALIDO' },
  NOSSO_NUMERO_INVALIDO: { codigo: '0002', mensagem: 'NOSSO NUMERO INVALIDO' },
  NUMERO_DOCUMENTO_INVALIDO: { codigo: '0003', mensagem: 'NUMERO DO DOCUMENTO INVALIDO' },
  DATA_VENCIMENTO_INVALIDA: { codigo: '0004', mensagem: 'DATA DE VENCIMENTO INVALIDA' },
  VALOR_INVALIDO: { codigo: '0005', mensagem: 'VALOR DO TITULO INVALIDO' },
  TIPO_PESSOA_INVALIDO: { codigo: '0017', mensagem: 'TIPO PESSOA PAGADOR INVALIDO' },
  CPF_CNPJ_PAGADOR_INVALIDO: { codigo: '0018', mensagem: 'CPF/CNPJ DO PAGADOR INVALIDO' },
  NOME_PAGADOR_AUSENTE: { codigo: '0022', mensagem: 'NOME/RAZAO DO PAGADOR NAO INFORMADO' },
  CEP_PAGADOR_AUSENTE: { codigo: '0025', mensagem: 'CEP PAGADOR NAO INFORMADO' },
  CIDADE_PAGADOR_AUSENTE: { codigo: '0026', mensagem: 'CIDADE DO PAGADOR NAO INFORMADA' },
  BENEFICIARIO_NAO_CADASTRADO: { codigo: '0035', mensagem: 'BENEFICIARIO INFORMADO NAO CADASTRADO' },
  NOSSO_NUMERO_JA_CADASTRADO: { codigo: '0038', mensagem: 'NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO' },
  ALTERACAO_NAO_PERMITIDA: { codigo: '0048', mensagem: 'ALTERACAO NAO PERMITIDA - TITULO NAO ESTA EM ABERTO' },
  TITULO_NAO_ENCONTRADO: { codigo: '0051', mensagem: 'TITULO NAO ENCONTRADO' },
  DADOS_INVALIDOS: { codigo: '0099', mensagem: 'DADOS DO TITULO INVALIDOS' },
} as const;
export type CaixaErroConhecido = keyof typeof CAIXA_ERROS;

/** Integration errors (NE039 "BK"/"RA" codes) carried in `integracao`. */
export const CAIXA_ERROS_INTEGRACAO = {
  FORMATACAO: { codigo: 'BK076', mensagem: '(BK76) ERRO NA FORMATACAO DA MENSAGEM.' },
  INDISPONIVEL: { codigo: 'BK01', mensagem: 'TRANSACAO TEMPORARIAMENTE INDISPONIVEL' },
  TEMPO_EXCEDIDO: { codigo: 'BK78', mensagem: 'TEMPO EXCEDIDO NA REQUISICAO DO SERVICO' },
  NAO_AUTORIZADO: { codigo: 'RA01', mensagem: 'USUARIO NAO CADASTRADO/AUTORIZADO OU REVOGADO' },
} as const;

/** "Nosso número já cadastrado" however it comes: the code (38, 0038) or SIGCB's sentence. */
export function isNossoNumeroJaCadastrado(erro: { codigo: string; mensagem: string }): boolean {
  const codigo = erro.codigo.trim().replace(/^0+/, '');
  if (codigo === '38') return true;
  return /NOSSO NUMERO JA (CADASTRADO|INCLUIDO|EXISTENTE)/.test(plainUpper(erro.mensagem));
}

/** "Título não encontrado" (code 51 / 0051 or the sentence). */
export function isTituloNaoEncontrado(erro: { codigo: string; mensagem: string }): boolean {
  if (erro.codigo.trim().replace(/^0+/, '') === '51') return true;
  return /TITULO NAO (ENCONTRADO|CADASTRADO)/.test(plainUpper(erro.mensagem));
}
