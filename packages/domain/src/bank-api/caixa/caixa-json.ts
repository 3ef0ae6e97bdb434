import { CaixaFormatError } from './caixa-error.js';

/**
 * JSON as Caixa's API writes it, read and written without losing digits. Caixa types the nosso
 * número as an int64 JSON number ("nosso_numero": 14000000137150303, Swagger "API Cobranca
 * Bancaria - Gestao de Boletos" 3.2.0): 17 digits, above Number.MAX_SAFE_INTEGER, so JSON.parse
 * silently turns it into a neighbouring even number and JSON.stringify cannot write it at all.
 * Here an integer literal beyond the safe range is read as a bigint, and a bigint is written as
 * its digits; every other number stays a JS number (money has at most 15 significant digits in
 * this API, which a double carries exactly).
 */
export type CaixaJson = null | boolean | number | bigint | string | CaixaJson[] | { [key: string]: CaixaJson };

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const INTEGER = /^-?\d+$/;

class Reader {
  private i = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new CaixaFormatError('RESPOSTA_INVALIDA', `JSON inválido na posição ${this.i}: ${what}.`);
  }

  skip(): void {
    while (this.i < this.text.length && WHITESPACE.has(this.text[this.i])) this.i++;
  }

  document(): CaixaJson {
    const value = this.value();
    this.skip();
    if (this.i !== this.text.length) this.fail('texto depois do valor');
    return value;
  }

  value(): CaixaJson {
    this.skip();
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    return this.fail(c === undefined ? 'fim inesperado' : `caractere inesperado "${c}"`);
  }

  object(): { [key: string]: CaixaJson } {
    const result: { [key: string]: CaixaJson } = {};
    this.i++;
    this.skip();
    if (this.text[this.i] === '}') {
      this.i++;
      return result;
    }
    for (;;) {
      this.skip();
      if (this.text[this.i] !== '"') this.fail('esperava o nome de um campo');
      const key = this.string();
      this.skip();
      if (this.text[this.i] !== ':') this.fail('esperava ":"');
      this.i++;
      // defineProperty: a "__proto__" key stays an own field, never the object's prototype
      Object.defineProperty(result, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.skip();
      const c = this.text[this.i++];
      if (c === '}') return result;
      if (c !== ',') this.fail('esperava "," ou "}"');
    }
  }

  array(): CaixaJson[] {
    const result: CaixaJson[] = [];
    this.i++;
    this.skip();
    if (this.text[this.i] === ']') {
      this.i++;
      return result;
    }
    for (;;) {
      result.push(this.value());
      this.skip();
      const c = this.text[this.i++];
      if (c === ']') return result;
      if (c !== ',') this.fail('esperava "," ou "]"');
    }
  }

  string(): string {
    const start = this.i;
    this.i++;
    while (this.i < this.text.length && this.text[this.i] !== '"') {
      this.i += this.text[this.i] === '\\' ? 2 : 1;
    }
    if (this.i >= this.text.length) this.fail('texto sem aspas de fechamento');
    this.i++;
    try {
      // The standard parser decodes the escapes of one string literal.
      return JSON.parse(this.text.slice(start, this.i)) as string;
    } catch {
      return this.fail('texto mal formado');
    }
  }

  number(): number | bigint {
    NUMBER.lastIndex = this.i;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail('número mal formado');
    this.i += match[0].length;
    const literal = match[0];
    const value = Number(literal);
    if (INTEGER.test(literal) && !Number.isSafeInteger(value)) return BigInt(literal);
    return value;
  }
}

/** Parses a Caixa body; throws CaixaFormatError('RESPOSTA_INVALIDA') when it is not JSON. */
export function parseCaixaJson(text: string): CaixaJson {
  return new Reader(text).document();
}

/** Like JSON.stringify, and bigints (the nosso número) are written as their digits. */
export function stringifyCaixaJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new CaixaFormatError('ENTRADA_INVALIDA', `Número sem representação JSON: ${value}`);
  }
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new CaixaFormatError('ENTRADA_INVALIDA', `Valor sem representação JSON: ${String(value)}`);
    return text;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyCaixaJson(item))).join(',')}]`;
  }
  const fields = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .map(([k, v]) => `${JSON.stringify(k)}:${stringifyCaixaJson(v)}`);
  return `{${fields.join(',')}}`;
}

/** A body that may come as the response text (preferred: lossless) or already parsed. */
export function caixaBody(input: unknown): unknown {
  return typeof input === 'string' ? parseCaixaJson(input) : input;
}
