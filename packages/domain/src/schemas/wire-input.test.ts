import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, idParamSchema, pagingQuerySchema, wholeNumberSchema } from './common.js';
import { MSG } from './messages.js';
import { isStorableText, unstorableTextPaths } from './text-safety.js';

describe('ids and counts from the wire (decision 107)', () => {
  it('accept JSON integers and plain decimal digits', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('2147483647')).toBe(2147483647);
    expect(idParam.parse(42)).toBe(42);
    expect(idParamSchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(pagingQuerySchema.parse({ page: '2', per_page: '100' })).toEqual({ page: 2, per_page: 100 });
    expect(pagingQuerySchema.parse({})).toEqual({ page: 1, per_page: 15 });
  });

  it.each(['1e1', '+1', ' 1', '1 ', '0x1', '0x1A', '1.0', '01', '', '-1', '0', '１', '1_000', 'Infinity', '9'.repeat(400)])('refuses %j as an id with the message', (text) => {
    const r = idParam.safeParse(text);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Identificador inválido']);
  });

  it('refuses what z.coerce.number() turned into a number: true, null, 1.5', () => {
    for (const v of [true, null, 1.5, [1], {}]) expect(idParam.safeParse(v).success).toBe(false);
    expect(z.object({ id: idParam }).safeParse({}).error?.issues[0].message).toBe(MSG.required);
  });

  it('a count keeps its bounds and message', () => {
    const via = wholeNumberSchema('Via inválida', { min: 1, max: 9 });
    expect(via.parse('9')).toBe(9);
    for (const v of ['10', '0', '1e0', '+2']) expect(via.safeParse(v).error?.issues[0].message).toBe('Via inválida');
    expect(pagingQuerySchema.safeParse({ per_page: '1e2' }).success).toBe(false);
    expect(pagingQuerySchema.safeParse({ page: '0x2' }).success).toBe(false);
  });
});

describe('text the database cannot store (decision 107)', () => {
  it('NUL and lone surrogates are unstorable; pairs (emoji) and other text are fine', () => {
    expect(isStorableText('x\ud800y')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false); // reversed pair
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('😀 Ñandú çãõ \u202e \uFFFF')).toBe(true);
  });

  it('names the path of each bad string, keys included, without recursion', () => {
    const body = { motivo: 'x\ud800y', titulos: [{ ok: 'a' }, { nome: 'a\u0000' }], extra: { 'k\udfff': 1 }, fine: '😀' };
    expect(unstorableTextPaths(body)).toEqual([['motivo'], ['titulos', '1', 'nome'], ['extra', 'k\uFFFD']]);
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unstorableTextPaths(deep)).toHaveLength(1);
    expect(unstorableTextPaths({ a: 1, b: null, c: true, d: 'ok' })).toEqual([]);
  });
});
