import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { pathParamNames, type ContractDefinition } from '@bg/domain';

/**
 * Malformed (and sometimes valid-looking) requests for one contract, as fast-check arbitraries.
 * The shape comes from the contract's own zod schemas (as JSON Schema, input side): every declared
 * field may be valid for its schema, of the wrong type, out of bounds, hostile text, or missing;
 * unknown and prototype-polluting keys are added; the whole body may be another JSON type, broken
 * JSON, another content type or absurdly nested; path segments and query values get encodings a
 * router must survive. Uploads get broken multipart bodies and files that lie about their type.
 */
export type FuzzRequest = {
  path: string;
  query: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the case is, for the report. */
  label: string;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
};

export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Text that has broken parsers, ORMs, routers and templates before. */
export const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', "' OR '1'='1", "1; DROP TABLE usuario; --", "'; SELECT pg_sleep(2); --", '1) OR (1=1',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%00', '%zz',
  '${7*7}', '{{7*7}}', '#{7*7}', '__proto__', 'constructor', 'prototype', 'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1e309',
  '9'.repeat(40), '2147483648', '-2147483649', '9007199254740993', '1.5', '1,5', '0x1A', ' 1 ', '１２３', '\u202eevil', '😀'.repeat(30),
  'null', 'undefined', 'true', '[]', '{}', '2024-02-30', '9999-99-99', '0000-00-00', '2024-13-01', '31/12/2024', '1969-12-31',
  '529.982.247-25', '00000000000', '11111111111', '00000000000000', '\r\nSet-Cookie: x=y', '%s%s%s%n', '\\', "'", '"', '`',
  '\uD800', '\uFFFF', 'Ñandú çãõ', 'A'.repeat(301), 'x'.repeat(20_000), 'select * from usuario', 'admin', 'S', 'N', '1', '2', '3',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Numbers a column or a JavaScript number handles badly. */
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.1, 0.005, 1.005, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, 5e-324, 1e15 + 0.3),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const anyScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.string({ maxLength: 40 }));
/** Any JSON value, nested a little. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, anyScalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 })),
})).value;

/** A value that satisfies the JSON Schema (as far as a generator can tell). */
function validFor(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => validFor(a, depth)));
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => validFor({ ...s, type: t }, depth)));
  switch (type[0]) {
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern), { size: 'small' }).filter((v) => v.length >= (s.minLength ?? 0));
        } catch {
          /* a pattern fast-check cannot generate: plain strings */
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
    }
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000), -(2 ** 31)), max: Math.min(s.maximum ?? 100_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: s.minimum ?? 0, max: s.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(s.items ? validFor(s.items, depth + 1) : anyJson, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(s, depth + 1, 0);
    default:
      return anyJson;
  }
}

/** A value that breaks the schema: wrong type, out of bounds, hostile text. */
function invalidFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const broken: fc.Arbitrary<unknown>[] = [anyJson, hostileString, hostileNumber];
  if (s.maxLength !== undefined) broken.push(fc.constant('x'.repeat(s.maxLength + 1)));
  if (s.maximum !== undefined) broken.push(fc.constant(s.maximum + 1), fc.constant(String(s.maximum + 1)));
  if (s.minimum !== undefined) broken.push(fc.constant(s.minimum - 1));
  if (s.enum) broken.push(fc.constant(`${String(s.enum[0])} `), fc.constant(String(s.enum[0]).toLowerCase()));
  return fc.oneof(...broken);
}

/** An object for the schema where each field is valid, invalid or missing, plus unknown keys. */
function objectFor(s: JsonSchema, depth: number, invalidWeight: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const field = (ps: JsonSchema): fc.Arbitrary<{ v: unknown } | null> =>
    invalidWeight
      ? fc.oneof(
          { weight: 5, arbitrary: validFor(ps, depth).map((v) => ({ v })) },
          { weight: invalidWeight, arbitrary: invalidFor(ps).map((v) => ({ v })) },
          { weight: 2, arbitrary: fc.constant(null) }, // missing
        )
      : validFor(ps, depth).map((v) => ({ v }));
  const extras = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'nivel', 'empresa_id', 'situacao', 'created_by', 'token_version', 'password_hash')), anyJson, { maxKeys: invalidWeight ? 3 : 0 });
  return fc.tuple(fc.tuple(...props.map(([, ps]) => field(ps))), extras).map(([values, extra]) => {
    const out: Record<string, unknown> = {};
    props.forEach(([k], i) => {
      const v = values[i];
      if (v) out[k] = v.v;
    });
    // prototype-polluting keys must reach the parser as keys, not vanish in a literal
    for (const [k, v] of Object.entries(extra)) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
    return out;
  });
}

/** A malformed object for the schema (at least sometimes; a fully valid one is a legitimate case). */
function malformedObject(s: JsonSchema | null): fc.Arbitrary<unknown> {
  if (!s || !s.properties) return fc.oneof(anyJson, fc.constant({}));
  return fc.oneof({ weight: 8, arbitrary: objectFor(s, 0, 3) }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: validFor(s) });
}

/** Percent-encodes; a lone surrogate (not encodable) becomes its invalid UTF-8 bytes, itself a good probe. */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
};
/** Path segments: encoded hostile text, raw percent sequences, dot segments, huge and numeric edge cases. */
const segment = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => enc(String(v))) },
    { weight: 4, arbitrary: hostileString.filter((v) => v.length > 0 && v.length < 5000).map(enc) },
    { weight: 2, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%2e%2e', '..', '.', '%00', '%2F', '~', '*', ';', 'a;b=c', '%F0%9F%98', '%C0%AF') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  );

function queryString(s: JsonSchema | null): fc.Arbitrary<string> {
  const names = Object.keys(s?.properties ?? {});
  const key = names.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'page[]', '', 'x') }) : fc.constantFrom('x', '__proto__', 'a[b]');
  const plausible = names.length ? fc.oneof(...names.map((n) => validFor(s!.properties![n]))) : fc.integer({ min: 0, max: 50 });
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString.filter((v) => v.length < 5000).map(enc) },
    { weight: 2, arbitrary: plausible.map((v) => enc(typeof v === 'object' ? JSON.stringify(v) : String(v))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '', '%00', '+', '&', '=') },
  );
  const pair = fc.tuple(key, value).map(([k, v]) => `${enc(k)}=${v}`);
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&'));
}

/** Deeply nested JSON (a recursion bomb for naive parsers and validators). */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Text PostgreSQL cannot store (decision 107): a lone surrogate travels in JSON as an escape. */
export const UNSTORABLE_STRINGS = ['x\ud800y', '\udc00', 'a\u0000b', '\ud83d', 'ok\ud800\ud800'];

/**
 * A body valid for the schema (as far as a generator can tell) with one of its text fields replaced by
 * unstorable text: the request gets past every other rule, so the text reaches as deep as it can.
 */
function validWithUnstorableText(s: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(validFor(s), fc.nat(), fc.constantFrom(...UNSTORABLE_STRINGS)).map(([value, pick, bad]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out = { ...(value as Record<string, unknown>) };
    const textKeys = Object.keys(s.properties ?? {}).filter((k) => typeof out[k] === 'string' || out[k] === undefined);
    if (textKeys.length) out[textKeys[pick % textKeys.length]] = bad;
    return out;
  });
}

function jsonBody(body: JsonSchema | null): fc.Arbitrary<{ payload: string; type: string; label: string }> {
  return fc.oneof(
    { weight: 12, arbitrary: malformedObject(body).map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json', label: 'json' })) },
    ...(body?.properties ? [{ weight: 3, arbitrary: validWithUnstorableText(body).map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: 'application/json', label: 'json, one text field unstorable' })) }] : []),
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '{', '[1,2', 'nul', '{"x":1}}', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":1,"a":2}').map((p) => ({ payload: p, type: 'application/json', label: 'broken json' })) },
    { weight: 1, arbitrary: fc.constantFrom(nested(5000), `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`).map((p) => ({ payload: p, type: 'application/json', label: 'deeply nested' })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data').map((type) => ({ payload: 'a=1&b=2', type, label: `content-type ${type}` })) },
  );
}

/** A multipart body: fields the use-case reads, files that lie about their kind, broken framing. */
function multipartBody(fields: readonly string[]): fc.Arbitrary<{ payload: Buffer; type: string; label: string }> {
  const fileName = fc.constantFrom('a.png', '../../etc/passwd', 'x.exe', 'doc.pdf', '', 'a'.repeat(300) + '.png', 'in\u0000valid.png', '%2e%2e%2f.png', 'ret.ret');
  const fileData = fc.oneof(
    fc.uint8Array({ maxLength: 256 }).map((u) => Buffer.from(u)),
    fc.constantFrom(Buffer.from('%PDF-1.4 not really'), Buffer.from('MZ\x90\x00 exe'), Buffer.from('<svg onload=alert(1)>'), Buffer.from('\x89PNG\r\n\x1a\n')),
  );
  const fieldValue = fc.oneof(hostileString.filter((v) => v.length < 2000), fc.integer({ min: -5, max: 60 }).map(String));
  const parts = fc.tuple(
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.constantFrom('arquivo', '__proto__')), fieldValue), { maxLength: 4 }),
    fc.array(fc.tuple(fileName, fileData, fc.constantFrom('image/png', 'application/pdf', 'text/plain', 'application/x-msdownload', '')), { maxLength: 3 }),
    fc.constantFrom('ok', 'no-closing', 'no-boundary', 'garbage'),
  );
  return parts.map(([fs, files, framing]) => {
    const boundary = '----fuzz7MA4YWxkTrZu0gW';
    const chunks: Buffer[] = [];
    for (const [k, v] of fs) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const [name, data, type] of files) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`), data, Buffer.from('\r\n'));
    }
    if (framing !== 'no-closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const payload = framing === 'garbage' ? Buffer.from('garbage without any boundary') : Buffer.concat(chunks);
    const type = framing === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { payload, type, label: `multipart ${framing}, ${fs.length} field(s), ${files.length} file(s)` };
  });
}

/** Every malformed request shape for one contract. */
export function requestArbitrary(contract: ContractDefinition): fc.Arbitrary<FuzzRequest> {
  const paramsSchema = jsonSchemaOf(contract.params);
  const names = pathParamNames(contract.path);
  const params = fc.tuple(...names.map((n) => segment(paramsSchema?.properties?.[n] ? validFor(paramsSchema.properties[n]) : fc.integer({ min: 1, max: 50 }))));
  const query = contract.query ? queryString(jsonSchemaOf(contract.query)) : fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString(null) });
  const body = contract.multipart
    ? multipartBody(contract.multipart.fields).map((b) => ({ ...b, payload: b.payload as string | Buffer }))
    : contract.body
      ? jsonBody(jsonSchemaOf(contract.body)).map((b) => ({ ...b, payload: b.payload as string | Buffer }))
      : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: jsonBody(null).map((b) => ({ ...b, payload: b.payload as string | Buffer })) });
  return fc.tuple(params, query, body).map(([segs, q, b]): FuzzRequest => {
    let i = 0;
    const path = contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => segs[i++]);
    const sendsBody = b && contract.method !== 'GET';
    return {
      path,
      query: q,
      headers: sendsBody ? { 'content-type': b.type } : ({} as Record<string, string>),
      payload: sendsBody ? b.payload : undefined,
      label: sendsBody ? b.label : 'no body',
    };
  });
}

/** Authorization headers of somebody who is not logged in: none, garbage, forged and foreign tokens. */
export function forgedAuthorization(adminId: number): fc.Arbitrary<string | null> {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: String(adminId), tv: 0, iat: now, exp: now + 600 };
  const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  const sign = (secret: string, c: object = claims, alg: 'HS256' | 'HS384' = 'HS256') => {
    const head = `${b64({ alg, typ: 'JWT' })}.${b64(c)}`;
    return `${head}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha384', secret).update(head).digest('base64url')}`;
  };
  return fc.constantFrom(
    null, 'Bearer', 'Bearer ', 'Bearer null', 'Bearer undefined', 'Bearer x.y.z', 'Basic YWRtaW46YWRtaW4xMjM=', `Bearer ${none}`,
    `Bearer ${sign('not-the-secret')}`, `Bearer ${sign('test-secret', { ...claims, exp: now - 60 })}`, `Bearer ${sign('test-secret', { ...claims, tv: 99 })}`,
    `Bearer ${sign('test-secret', { ...claims, sub: '999999' })}`, `bearer ${'A'.repeat(5000)}`,
    // the right secret and claims under another algorithm: only HS256 is accepted (ASVS 9.1.2)
    `Bearer ${sign('test-secret', claims, 'HS384')}`,
  );
}
