import { z } from 'zod';
import { idParamSchema, pagingQuerySchema } from '../schemas/common.js';
import { cpfSuspeitoSchema } from '../schemas/pessoa.js';
import { defineContract } from './contract.js';
import { createdId, id, okData, pagedOf, timestamp } from './envelope.js';

const tags = ['cpfs suspeitos'];

/** A document on the suspect list, with who put it there (the user's name) and when. */
export const cpfSuspeitoJson = z.object({
  id,
  cpf_cnpj: z.string(),
  motivo: z.string(),
  usuario: z.string().nullable(),
  created_at: timestamp,
});

export const cpfSuspeitoListQuery = pagingQuerySchema.extend({ pesquisa: z.string().trim().max(100).optional() });

/** Administração > CPFs Suspeitos (administradores). The paths are ours: the spec shows none (decision 010). */
export const cpfSuspeitoContracts = {
  getAllPaginate: defineContract({
    method: 'GET', path: '/api/cpfSuspeito/getAllPaginate', access: 'admin', tags,
    summary: 'CPFs Suspeitos',
    query: cpfSuspeitoListQuery,
    response: pagedOf(cpfSuspeitoJson),
  }),
  create: defineContract({
    method: 'POST', path: '/api/cpfSuspeito/create', access: 'admin', tags,
    summary: 'Incluir CPF/CNPJ suspeito',
    body: cpfSuspeitoSchema,
    response: createdId,
  }),
  delete: defineContract({
    method: 'POST', path: '/api/cpfSuspeito/delete/:id', access: 'admin', tags,
    summary: 'Remover da lista',
    params: idParamSchema,
    response: okData(z.object({ id })),
  }),
};
