import {
  BoletoError,
  buildBoleto,
  buildPixBrCode,
  CAIXA_ERROS,
  caixaMoney,
  caixaRegistroBodySchema,
  caixaErroDoCampo,
  dayInSaoPaulo,
  toCents,
  type CaixaRegistroBodyParsed,
} from '@bg/domain';
import { negocial, type CaixaAnswer } from './caixa-sandbox-replies.js';
import { CaixaSandboxState, type CaixaSandboxBoleto } from './caixa-sandbox-state.js';

/**
 * The four boleto operations of the Swagger (Inclui, Consulta, Altera, Baixa_Boleto) over the
 * sandbox's state. Each returns Caixa's answer; the routes add the gateway checks and faults.
 * Bodies arrive already read by parseCaixaJson (the nosso número as a bigint).
 */

export type CaixaOperationContext = { state: CaixaSandboxState; now: () => Date; baseUrl: string };

const BAIXA_NAO_PERMITIDA = { codigo: CAIXA_ERROS.ALTERACAO_NAO_PERMITIDA.codigo, mensagem: 'BAIXA NAO PERMITIDA - TITULO NAO ESTA EM ABERTO' };

type Dados = CaixaRegistroBodyParsed['dados_cadastrais'];

function validate(body: unknown): { dados: Dados } | { error: CaixaAnswer } {
  const parsed = caixaRegistroBodySchema.safeParse(body);
  if (parsed.success) return { dados: parsed.data.dados_cadastrais };
  return { error: negocial(400, parsed.error.issues.map((issue) => caixaErroDoCampo(issue.path))) };
}

function rawDados(body: unknown): Record<string, unknown> {
  const { nosso_numero: _ignored, ...rest } = (body as { dados_cadastrais: Record<string, unknown> }).dados_cadastrais;
  return rest;
}

/** Barcode, linha and Pix for a title, as our own slip computes them (bank 104, SIGCB). */
function printable(
  ctx: CaixaOperationContext,
  beneficiario: string,
  nossoNumero: string,
  dados: Dados,
): { ok: Pick<CaixaSandboxBoleto, 'valorCents' | 'dataVencimento' | 'codigoBarras' | 'linhaDigitavel' | 'pix'> } | { error: CaixaAnswer } {
  if (dados.tipo_boleto === 'HIBRIDO' && dados.data_vencimento < dayInSaoPaulo(ctx.now())) {
    // NE044: a boleto híbrido cannot be registered already overdue.
    return { error: negocial(400, [CAIXA_ERROS.DATA_VENCIMENTO_INVALIDA]) };
  }
  const valorCents = toCents(dados.valor);
  try {
    const built = buildBoleto({ bank: '104', beneficiaryCode: beneficiario, wallet: 'RG', ourNumber: nossoNumero.slice(2), amountCents: valorCents, dueDate: dados.data_vencimento });
    const pix =
      dados.tipo_boleto === 'HIBRIDO'
        ? {
            emv: buildPixBrCode({ url: `pix.sandbox.caixa.local/qr/v2/${nossoNumero}`, name: 'BENEFICIARIO CAIXA SANDBOX', city: 'BRASILIA', amountCents: valorCents, txid: nossoNumero }),
            url: `${ctx.baseUrl}/sandbox/qrcode/${nossoNumero}`,
          }
        : null;
    return { ok: { valorCents, dataVencimento: dados.data_vencimento, codigoBarras: built.barcode, linhaDigitavel: built.digitableLine.replace(/\D/g, ''), pix } };
  } catch (error) {
    if (!(error instanceof BoletoError)) throw error;
    return { error: negocial(400, [error.field === 'beneficiaryCode' ? CAIXA_ERROS.BENEFICIARIO_INVALIDO : CAIXA_ERROS.DATA_VENCIMENTO_INVALIDA]) };
  }
}

function complementares(b: CaixaSandboxBoleto): Record<string, unknown> {
  return {
    codigo_barras: b.codigoBarras,
    linha_digitavel: b.linhaDigitavel,
    url: b.url,
    nosso_numero: BigInt(b.nossoNumero),
    ...(b.pix ? { qrcode: b.pix.emv, url_qrcode: b.pix.url } : {}),
  };
}

/** Path parameters as the Swagger types them: id_beneficiario integer (≤ 7 digits), nosso número 17 digits. */
export function checkPath(beneficiario: string, nossoNumero?: string): CaixaAnswer | null {
  if (!/^\d{1,7}$/.test(beneficiario) || Number(beneficiario) === 0) return negocial(400, [CAIXA_ERROS.BENEFICIARIO_INVALIDO]);
  if (nossoNumero !== undefined && !/^\d{17}$/.test(nossoNumero)) return negocial(400, [CAIXA_ERROS.NOSSO_NUMERO_INVALIDO]);
  return null;
}

function titulo(ctx: CaixaOperationContext, beneficiario: string, nossoNumero: string): CaixaSandboxBoleto | CaixaAnswer {
  return ctx.state.find(String(Number(beneficiario)), nossoNumero) ?? negocial(404, [CAIXA_ERROS.TITULO_NAO_ENCONTRADO]);
}

function isAnswer(value: CaixaSandboxBoleto | CaixaAnswer): value is CaixaAnswer {
  return 'status' in value;
}

export function registrar(ctx: CaixaOperationContext, beneficiarioPath: string, body: unknown): CaixaAnswer {
  const beneficiario = String(Number(beneficiarioPath));
  const checked = validate(body);
  if ('error' in checked) return checked.error;
  const { dados } = checked;
  const nossoNumero = dados.nosso_numero ?? `14${String(ctx.state.proximoSequencial++).padStart(15, '0')}`;
  if (ctx.state.find(beneficiario, nossoNumero)) return negocial(400, [CAIXA_ERROS.NOSSO_NUMERO_JA_CADASTRADO]);
  const made = printable(ctx, beneficiario, nossoNumero, dados);
  if ('error' in made) return made.error;
  const boleto: CaixaSandboxBoleto = {
    beneficiario,
    nossoNumero,
    dados: rawDados(body),
    situacao: 'EM ABERTO',
    ...made.ok,
    url: `${ctx.baseUrl}/sandbox/boletos/${nossoNumero}?beneficiario=${beneficiario}`,
    registradoEm: ctx.now().toISOString(),
    alteradoEm: null,
    baixadoEm: null,
    valorPagoCents: null,
    dataHoraPagamento: null,
    canal: null,
  };
  ctx.state.boletos.set(CaixaSandboxState.key(beneficiario, nossoNumero), boleto);
  return { status: 200, body: { dados_complementares: complementares(boleto) } };
}

export function consultar(ctx: CaixaOperationContext, beneficiario: string, nossoNumero: string): CaixaAnswer {
  const found = titulo(ctx, beneficiario, nossoNumero);
  if (isAnswer(found)) return found;
  return {
    status: 200,
    body: {
      dados_cadastrais: {
        ...found.dados,
        nosso_numero: BigInt(found.nossoNumero),
        situacao: found.situacao,
        ...(found.valorPagoCents !== null ? { valor_pago: caixaMoney(found.valorPagoCents) } : {}),
        ...(found.dataHoraPagamento !== null ? { data_hora_pagamento: found.dataHoraPagamento } : {}),
      },
      dados_complementares: complementares(found),
    },
  };
}

export function alterar(ctx: CaixaOperationContext, beneficiario: string, nossoNumero: string, body: unknown): CaixaAnswer {
  const found = titulo(ctx, beneficiario, nossoNumero);
  if (isAnswer(found)) return found;
  if (found.situacao !== 'EM ABERTO') return negocial(400, [CAIXA_ERROS.ALTERACAO_NAO_PERMITIDA]);
  const checked = validate(body);
  if ('error' in checked) return checked.error;
  if (checked.dados.nosso_numero !== undefined && checked.dados.nosso_numero !== nossoNumero) {
    return negocial(400, [CAIXA_ERROS.NOSSO_NUMERO_INVALIDO]);
  }
  const made = printable(ctx, found.beneficiario, nossoNumero, checked.dados);
  if ('error' in made) return made.error;
  Object.assign(found, made.ok, { dados: rawDados(body), alteradoEm: ctx.now().toISOString() });
  return { status: 200, body: { dados_complementares: complementares(found) } };
}

export function baixar(ctx: CaixaOperationContext, beneficiario: string, nossoNumero: string): CaixaAnswer {
  const found = titulo(ctx, beneficiario, nossoNumero);
  if (isAnswer(found)) return found;
  if (found.situacao !== 'EM ABERTO') return negocial(400, [BAIXA_NAO_PERMITIDA]);
  found.situacao = 'BAIXA POR DEVOLUCAO';
  found.baixadoEm = ctx.now().toISOString();
  // baixa_boleto_resposta_v3_Mensagem carries only the Pix fields of a híbrido.
  return { status: 200, body: found.pix ? { qrcode: found.pix.emv, url_qrcode: found.pix.url } : {} };
}
