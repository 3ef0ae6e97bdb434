import { BB_ERRO_NOSSO_NUMERO_JA_INCLUIDO } from './bb-codes.js';
import { isObject } from './bb-read.js';

/**
 * BB answers errors in several documented shapes (docs/banks.md): the Cobranças v2 `erros`
 * ({codigo, versao, mensagem, ocorrencia}), the older `erros` ({codigoMensagem, textoMensagem…}),
 * the gateway's `errors` ({code, message}) and the OAuth/gateway 401 ({statusCode, error, message,
 * attributes.error}), besides RFC 6749's {error, error_description}. Whatever arrives, the operator
 * reads the bank's own code and message.
 */
export type BbErro = { codigo: string; mensagem: string; ocorrencia?: string };

const str = (v: unknown): string | null => {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
};

function fromList(list: unknown[], code: string[], message: string[]): BbErro[] {
  const out: BbErro[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const codigo = code.map((k) => str(item[k])).find((v) => v !== null) ?? null;
    const mensagem = message.map((k) => str(item[k])).find((v) => v !== null) ?? null;
    if (codigo === null && mensagem === null) continue;
    const erro: BbErro = { codigo: codigo ?? '', mensagem: mensagem ?? '' };
    const ocorrencia = str(item.ocorrencia);
    if (ocorrencia !== null) erro.ocorrencia = ocorrencia;
    out.push(erro);
  }
  return out;
}

function generic(status: number): BbErro[] {
  return [{ codigo: `HTTP ${status}`, mensagem: `O Banco do Brasil respondeu HTTP ${status} sem uma mensagem de erro reconhecível.` }];
}

/** The bank's errors of a failed call; never throws; an unknown shape gives one generic entry. */
export function parseBbErros(status: number, json: unknown): BbErro[] {
  try {
    if (!isObject(json)) return generic(status);
    if (Array.isArray(json.erros)) {
      const erros = fromList(json.erros, ['codigo', 'codigoMensagem', 'codigoRetorno'], ['mensagem', 'textoMensagem']);
      if (erros.length > 0) return erros;
    }
    if (Array.isArray(json.errors)) {
      const erros = fromList(json.errors, ['code', 'codigo'], ['message', 'mensagem']);
      if (erros.length > 0) return erros;
    }
    const error = str(json.error);
    if (error !== null) {
      const attributes = isObject(json.attributes) ? str(json.attributes.error) : null;
      const mensagem = str(json.message) ?? str(json.error_description) ?? attributes ?? error;
      return [{ codigo: error, mensagem }];
    }
    return generic(status);
  } catch {
    return generic(status);
  }
}

const JA_INCLUIDO = /nosso\s+n[uú]mero\s+j[aá]\s+(inclu[ií]d|registrad|cadastrad)/i;

/** BB's "Nosso Número já incluído anteriormente." (code 4874915, or that sentence under another code). */
export function isBbNossoNumeroJaIncluido(erros: readonly BbErro[]): boolean {
  return erros.some((e) => e.codigo === BB_ERRO_NOSSO_NUMERO_JA_INCLUIDO || JA_INCLUIDO.test(e.mensagem));
}

/** The Cobranças v2 error body, for whoever answers as BB does (the local sandbox). */
export function bbErrosBody(erros: readonly { codigo: string; mensagem: string; ocorrencia?: string }[]): {
  erros: { codigo: string; versao: string; mensagem: string; ocorrencia: string }[];
} {
  return { erros: erros.map((e) => ({ codigo: e.codigo, versao: '1', mensagem: e.mensagem, ocorrencia: e.ocorrencia ?? '' })) };
}
