import { isNossoNumeroJaCadastrado, isTituloNaoEncontrado } from './caixa-codes.js';
import { parseCaixaJson } from './caixa-json.js';

/**
 * Errors from Caixa's answers as { codigo, mensagem } pairs for the operator's sentence and the
 * log. Shapes read (docs/banks.md "## Caixa"): the Swagger's resposta_erro_Type — `negocial`
 * (business codes, a list) and `integracao` (gateway/format codes such as BK076) —, the SSO's
 * OAuth error ({ error, error_description }), and anything else as one generic entry. Never
 * throws: it runs on whatever came back, including HTML from a proxy.
 */
export type CaixaErro = { codigo: string; mensagem: string };

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return '';
}

function entry(value: unknown): CaixaErro | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const codigo = text(v.codigo) || text(v.codigo_retorno) || text(v.cod_retorno);
  const mensagem = text(v.mensagem) || text(v.msg_retorno) || text(v.descricao);
  return codigo || mensagem ? { codigo: codigo || '?', mensagem: mensagem || 'Erro sem mensagem.' } : null;
}

function generic(status: number, detail?: string): CaixaErro[] {
  const suffix = detail ? `: ${detail.slice(0, 200)}` : '.';
  return [{ codigo: `HTTP_${status}`, mensagem: `Resposta inesperada da Caixa (HTTP ${status})${suffix}` }];
}

export function parseCaixaErros(status: number, input: unknown): CaixaErro[] {
  let body = input;
  if (typeof input === 'string') {
    try {
      body = parseCaixaJson(input);
    } catch {
      return generic(status, input.trim() || undefined);
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return generic(status);
  const b = body as Record<string, unknown>;
  const erros: CaixaErro[] = [];
  const negocial = Array.isArray(b.negocial) ? b.negocial : b.negocial ? [b.negocial] : [];
  for (const item of negocial) {
    const e = entry(item);
    if (e) erros.push(e);
  }
  const integracao = entry(b.integracao);
  if (integracao) erros.push(integracao);
  if (erros.length === 0 && (typeof b.error === 'string' || typeof b.error_description === 'string')) {
    erros.push({ codigo: text(b.error) || `HTTP_${status}`, mensagem: text(b.error_description) || text(b.error) });
  }
  return erros.length > 0 ? erros : generic(status);
}

/** The registration was refused because this nosso número is already registered at Caixa. */
export function isCaixaNossoNumeroJaIncluido(erros: readonly CaixaErro[]): boolean {
  return erros.some(isNossoNumeroJaCadastrado);
}

/** Consulta/Altera/Baixa found no such title: after a lost registration, register it again. */
export function isCaixaTituloNaoEncontrado(erros: readonly CaixaErro[]): boolean {
  return erros.some(isTituloNaoEncontrado);
}
