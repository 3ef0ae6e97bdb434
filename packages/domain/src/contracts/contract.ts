import { z } from 'zod';

/**
 * One contract per endpoint (method, path, who may call it, and every input and output as zod
 * schemas). The API registers its routes from contracts, so Fastify validates input and
 * serialises output through them (unknown fields are dropped, never leaked); the OpenAPI document
 * is generated from them; the web client derives its calls and result types from the same objects.
 */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Who may call: `public` (no login), `authenticated` (any level), `admin` (nivel 2 only). */
export type ContractAccess = 'public' | 'authenticated' | 'admin';

/** A binary or text answer that is not JSON (PDF, HTML, a text file). */
export type FileResponse = {
  /** Content types the endpoint may answer with, first is the main one. */
  contentTypes: readonly string[];
  description: string;
};

export type ContractDefinition = {
  method: HttpMethod;
  /** Fastify path syntax: `/api/empresa/getById/:id`. */
  path: string;
  summary: string;
  tags: readonly string[];
  access: ContractAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; for multipart uploads leave it out and set `multipart`. */
  body?: z.ZodType;
  /** The request is multipart/form-data (file upload): fields and files are read by the use-case. */
  multipart?: { fields: readonly string[]; files: string; maxFiles: number };
  /** Success JSON answer (HTTP 200). Exactly one of `response` and `file` is set. */
  response?: z.ZodType;
  file?: FileResponse;
  /** Request body limit in bytes when it differs from the server default. */
  bodyLimit?: number;
  /**
   * Calls per user per window, counted in the database so every API process shares the count
   * (apps/api/src/http/rate-limit.ts; each bucket's limit is configured there, docs/security.md).
   */
  rateLimit?: RateLimitBucket;
};

/** Named request budgets: `bureau` = the credit-bureau queries (each may cost money). */
export type RateLimitBucket = 'bureau';

export type JsonContract = ContractDefinition & { response: z.ZodType; file?: undefined };
export type FileContract = ContractDefinition & { file: FileResponse; response?: undefined };

/** Declares a contract; the `const` type parameter keeps literal paths and schema types. */
export function defineContract<const C extends JsonContract | FileContract>(contract: C): C {
  if (!contract.path.startsWith('/api/')) throw new Error(`contract path must start with /api/: ${contract.path}`);
  if (!contract.response === !contract.file) throw new Error(`contract ${contract.path} needs exactly one of response or file`);
  return contract;
}

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** Fills a contract path with its params, each encoded as one URL segment. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path param ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** What travels on the wire for a schema's value: dates become ISO strings in JSON. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The JSON a client receives from a contract (the serialised, encoded side of its response). */
export type ContractResult<C extends JsonContract> = Wire<z.input<C['response']>>;
/** What a handler returns for a contract (before serialisation: Date objects allowed). */
export type ContractReply<C extends JsonContract> = z.output<C['response']>;

/** A path or query value: whole-number schemas (`wireNumber`) take plain decimal text or numbers. */
type Scalar = string | number | boolean;
type UrlInput<T> = { [K in keyof T]: unknown extends T[K] ? Scalar | undefined : T[K] };
type InputOf<K extends string, S> = S extends z.ZodType ? (K extends 'body' ? z.input<S> : UrlInput<z.input<S>>) : never;
type Field<K extends string, S> = S extends z.ZodType ? { [P in K]: InputOf<K, S> } : { [P in K]?: undefined };

/** What a client sends: path params, query and body, typed from the contract's schemas. */
export type ContractInput<C extends ContractDefinition> = Field<'params', C['params']> & Field<'query', C['query']> & Field<'body', C['body']>;

/** True when the contract takes no input at all, so callers may omit the argument. */
export type NoInput<C extends ContractDefinition> = C['params'] extends z.ZodType
  ? false
  : C['query'] extends z.ZodType
    ? false
    : C['body'] extends z.ZodType
      ? false
      : true;
