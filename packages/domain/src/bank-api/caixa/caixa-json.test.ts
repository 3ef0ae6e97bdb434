import { describe, expect, it } from 'vitest';
import { CaixaFormatError } from './caixa-error.js';
import { parseCaixaJson, stringifyCaixaJson } from './caixa-json.js';

describe('parseCaixaJson / stringifyCaixaJson (the 17-digit nosso número survives)', () => {
  it('reads an int64 nosso número beyond 2^53 exactly, where JSON.parse loses it', () => {
    const text = '{"dados_complementares":{"nosso_numero":14000000137150303}}';
    expect((JSON.parse(text) as { dados_complementares: { nosso_numero: number } }).dados_complementares.nosso_numero).not.toBe(
      14000000137150303n,
    );
    expect(parseCaixaJson(text)).toEqual({ dados_complementares: { nosso_numero: 14000000137150303n } });
  });

  it('keeps safe integers, decimals, text, escapes, booleans and null as JSON.parse does', () => {
    const text = '{"a":1,"b":-0.5,"c":"ação \\"x\\" \\u00e9","d":[true,false,null],"e":{},"f":[],"g":1e3,"h":200.00}';
    expect(parseCaixaJson(text)).toEqual(JSON.parse(text));
  });

  it('a "__proto__" key is a plain field, never the prototype', () => {
    const parsed = parseCaixaJson('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });

  it.each(['', '{', '{"a":}', '[1,]', '{"a":1} x', 'NaN', '"sem fim', '01'])('refuses %j with RESPOSTA_INVALIDA', (text) => {
    expect(() => parseCaixaJson(text)).toThrow(CaixaFormatError);
  });

  it('writes bigints as digits and everything else as JSON.stringify would', () => {
    const value = { nosso_numero: 14000000000000019n, valor: 1234.56, nome: 'JOSÉ "Z"', lista: [1, 'a', null], faltando: undefined };
    expect(stringifyCaixaJson(value)).toBe('{"nosso_numero":14000000000000019,"valor":1234.56,"nome":"JOSÉ \\"Z\\"","lista":[1,"a",null]}');
    expect(parseCaixaJson(stringifyCaixaJson(value))).toEqual({ nosso_numero: 14000000000000019n, valor: 1234.56, nome: 'JOSÉ "Z"', lista: [1, 'a', null] });
  });

  it('refuses numbers JSON cannot carry instead of writing null', () => {
    expect(() => stringifyCaixaJson({ valor: Number.NaN })).toThrow(CaixaFormatError);
    expect(() => stringifyCaixaJson({ valor: Infinity })).toThrow(CaixaFormatError);
  });
});
