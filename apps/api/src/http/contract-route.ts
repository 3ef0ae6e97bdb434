import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { MSG, unstorableTextPaths, type ContractDefinition, type ContractReply, type FileContract, type JsonContract } from '@bg/domain';
import { AppError } from '../errors/app-error.js';

/**
 * Registers routes from their contracts (packages/domain/src/contracts): the route's access,
 * input schemas and response schema all come from the one contract, so Fastify validates the
 * input, serialises the answer through the response schema (unknown fields dropped) and the
 * OpenAPI document at /api/docs shows both. Route modules call `jsonRoute` / `fileRoute` only.
 */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ContractRequest<C extends ContractDefinition> = FastifyRequest<{
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (the coverage test and the matrix read it). */
    contract?: ContractDefinition;
  }
}

function schemaOf(contract: ContractDefinition): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...contract.tags], summary: contract.summary };
  if (contract.access === 'public') schema.security = [];
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = contract.body;
  if (contract.multipart) {
    schema.consumes = ['multipart/form-data'];
    schema.description = `multipart/form-data: campos ${contract.multipart.fields.join(', ') || '—'}; arquivo(s) em "${contract.multipart.files}" (até ${contract.multipart.maxFiles}).`;
  }
  if (contract.response) schema.response = { 200: contract.response };
  if (contract.file) {
    const content = Object.fromEntries(contract.file.contentTypes.map((type) => [type, { schema: z.string() }]));
    schema.response = { 200: { description: contract.file.description, content } };
  }
  return schema;
}

/**
 * Every string a request carries — path params, query, JSON body, at any depth, keys included — is
 * checked here once, before the contract's schema: a NUL or a lone UTF-16 surrogate cannot be
 * stored (PostgreSQL text and jsonb refuse them), so it is the field's 422 "Texto com caracteres
 * inválidos.", never a 500 from the insert (decision 107). Here rather than in each string schema
 * because every route is registered through this function: a new contract cannot forget it, nor a
 * `z.string()`, a record's keys or a field its schema strips. Multipart fields are checked where the
 * parts are read (http/multipart-upload.ts). Runs after the access guard (onRequest).
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const errors: Record<string, string> = {};
  for (const part of [request.params, request.query, request.body]) {
    for (const path of unstorableTextPaths(part)) errors[path.join('.') || '_'] ??= MSG.textInvalid;
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION', 'Verifique os campos informados.', { errors });
}

function register(
  app: FastifyInstance,
  contract: ContractDefinition,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    config: { access: contract.access, contract },
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    schema: schemaOf(contract),
    preValidation: refuseUnstorableText,
    handler,
  });
}

/** A JSON endpoint: the handler answers the contract's success shape (`{ status, msg, ... }`). */
export function jsonRoute<C extends JsonContract>(
  app: FastifyInstance,
  contract: C,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<ContractReply<C>>,
): void {
  register(app, contract, handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>);
}

/** A file endpoint (PDF, HTML, text): the handler sends the bytes itself and returns the reply. */
export function fileRoute<C extends FileContract>(
  app: FastifyInstance,
  contract: C,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  register(app, contract, handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>);
}
