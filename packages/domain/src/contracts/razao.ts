import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import { lancarPerdaSchema, registrarRepasseSchema } from '../ledger/schemas.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData } from './envelope.js';

const tags = ['razão'];

/**
 * What a shop and the guarantor owe each other now, from the ledger (decision 109): `a_pagar`
 * (the guarantor owes the shop), `a_receber` (the shop owes the guarantor: services, advances it
 * took back), `a_repassar` = the most a repasse may pay now (a pagar less what is netted),
 * `antecipacoes_a_recuperar` (advances paid to it not yet recovered from the bank).
 */
export const posicaoLojaJson = z.object({
  empresa_id: id,
  a_pagar: money,
  a_receber: money,
  a_repassar: money,
  antecipacoes_a_recuperar: money,
});

/** Endpoints of the ledger's own use-cases. Statements and reports read the ledger through theirs. */
export const razaoContracts = {
  getPosicaoLoja: defineContract({
    method: 'GET', path: '/api/razao/getPosicaoLoja/:id', access: 'admin', tags,
    summary: 'Saldos da loja no razão: a pagar, a receber, a repassar e antecipações a recuperar',
    params: idParamSchema,
    response: okData(posicaoLojaJson),
  }),
  registrarRepasse: defineContract({
    method: 'POST', path: '/api/razao/registrarRepasse', access: 'admin', tags,
    summary: 'Registrar um repasse à loja (lançado no razão; o que a loja deve é compensado)',
    body: registrarRepasseSchema,
    response: okData(z.object({ id, empresa_id: id, data: calendarDate, valor: money, compensado: money, transacao_id: id })),
  }),
  lancarPerda: defineContract({
    method: 'POST', path: '/api/razao/lancarPerda', access: 'admin', tags,
    summary: 'Lançar como perda a dívida em recuperação de um boleto quitado pela garantidora',
    body: lancarPerdaSchema,
    response: okData(z.object({ boleto_id: id, valor: money, transacao_id: id })),
  }),
};
