import { idParamSchema } from '../schemas/common.js';
import { z } from 'zod';
import { defineContract } from './contract.js';
import { id, okData } from './envelope.js';

/**
 * Operator actions on the messaging outbox (Administração > Mensagens; docs/assinatura.md). The
 * list itself is mensagemContracts.getAllPaginate.
 */
export const mensagemAdminContracts = {
  reenviar: defineContract({
    method: 'POST', path: '/api/mensagem/reenviar/:id', access: 'admin', tags: ['mensagens'],
    summary: 'Reenvia uma mensagem enviada ou que falhou (nova mensagem na fila, ligada à original)',
    params: idParamSchema,
    response: okData(z.object({ id, reenvio_de: id })),
  }),
};
