import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { ContractDefinition, ContractReply, FileContract, JsonContract } from '@bg/domain';

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
