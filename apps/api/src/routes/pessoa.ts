import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, pagingQuerySchema, pessoaSchema, telefoneSchema } from '@bg/domain';
import type { AppContext } from '../http/context.js';
import { addTelefone } from '../modules/pessoa/add-telefone.js';
import { deleteTelefone } from '../modules/pessoa/delete-telefone.js';
import { getPessoa } from '../modules/pessoa/get-pessoa.js';
import { listDocumentos } from '../modules/pessoa/list-documentos.js';
import { listPessoas } from '../modules/pessoa/list-pessoas.js';
import { listTelefones } from '../modules/pessoa/list-telefones.js';
import { updatePessoa } from '../modules/pessoa/update-pessoa.js';
import { uploadDocumentos } from '../modules/pessoa/upload-documentos.js';

export async function pessoaRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['pessoas'];

  app.get(
    '/api/pessoa/getAllPaginate',
    { schema: { tags, summary: 'Lista de pessoas', querystring: pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() }) } },
    async (request) => ({ status: 200, msg: 'ok', ...(await listPessoas(db, request.actor, request.query)) }),
  );

  app.get('/api/pessoa/getById/:id', { schema: { tags, summary: 'Pessoa por id', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await getPessoa(db, request.actor, request.params.id),
  }));

  app.post('/api/pessoa/update/:id', { schema: { tags, summary: 'Atualização da Pessoa', params: idParamSchema, body: pessoaSchema } }, async (request) => ({
    status: 200,
    msg: 'Pessoa atualizada com sucesso.',
    data: await updatePessoa(db, request.actor, request.params.id, request.body),
  }));

  app.get('/api/pessoa/getTelefones/:id', { schema: { tags, summary: 'Telefones da pessoa', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await listTelefones(db, request.actor, request.params.id),
  }));

  app.post('/api/pessoa/adicionaTelefone', { schema: { tags, summary: 'Adicionar telefone', body: telefoneSchema } }, async (request) => ({
    status: 200,
    msg: 'Telefone adicionado.',
    data: await addTelefone(db, request.actor, request.body),
  }));

  // The spec lists deletaTelefone among the GETs; it changes data, so it answers DELETE (and POST
  // for clients that cannot send DELETE), never GET — see docs/decisions/010.
  const deletaTelefone = { schema: { tags, summary: 'Remover telefone', params: idParamSchema } };
  const deletaHandler = async (request: { actor: Parameters<typeof deleteTelefone>[1]; params: { id: number } }) => ({
    status: 200,
    msg: 'Telefone removido.',
    data: await deleteTelefone(db, request.actor, request.params.id),
  });
  app.delete('/api/pessoa/deletaTelefone/:id', deletaTelefone, deletaHandler);
  app.post('/api/pessoa/deletaTelefone/:id', deletaTelefone, deletaHandler);

  app.get('/api/pessoa/getDocumentacao/:id', { schema: { tags, summary: 'Documentos da pessoa (links expiráveis)', params: idParamSchema } }, async (request) => ({
    status: 200,
    msg: 'ok',
    data: await listDocumentos(db, ctx.fileLinks, request.actor, request.params.id),
  }));

  app.post('/api/pessoa/uploadDocumento', { schema: { tags, summary: 'Enviar documentos (multipart: pessoa_id, arquivo ×3)' } }, async (request) => ({
    status: 200,
    msg: 'Documentos enviados.',
    data: await uploadDocumentos(request, { db, storage: ctx.storage }, request.actor),
  }));
}
