import { sql } from 'drizzle-orm';
import { PAGADOR_MSG, type MensagemChannel } from '@bg/domain';
import { AppError } from '../../errors/app-error.js';
import { admitPublicCall, recordPublicFailure, type PublicClient } from '../assinatura/public-access.js';
import { canalRecusado, registrarConsentimento } from '../mensagem/consentimento.js';
import { registrarAcessoPagador } from './acesso-pagador.js';
import type { PagadorDeps } from './identificar-pagador.js';
import { pessoaDaSessao } from './sessao-pagador.js';

/**
 * POST /api/pagador/preferencias (public, with the session): the payer keeps or leaves WhatsApp and
 * e-mail. Only a change is recorded (mensagem_consentimento, origem 'pagina_pagador'), in one
 * transaction with the access log; sending the same choices again records nothing new.
 */
export async function preferenciasDoPagador(deps: PagadorDeps, input: { sessao: string; whatsapp: boolean; email: boolean }, client: PublicClient) {
  const now = deps.now?.() ?? new Date();
  await admitPublicCall(deps.db, client, now.getTime());
  const s = pessoaDaSessao(deps.links, input.sessao);
  if (!s) {
    await recordPublicFailure(deps.db, client, now.getTime());
    throw new AppError('NOT_FOUND', PAGADOR_MSG.sessaoExpirada);
  }
  const escolhas: [MensagemChannel, boolean][] = [['whatsapp', input.whatsapp], ['email', input.email]];
  await deps.db.transaction(async (tx) => {
    // one change at a time per person: two tabs saving at once record each change once
    await tx.execute(sqlLock(s.pessoaId));
    const mudou: string[] = [];
    for (const [channel, aceito] of escolhas) {
      if ((await canalRecusado(tx, s.pessoaId, channel)) === !aceito) continue;
      await registrarConsentimento(tx, { pessoaId: s.pessoaId, channel, aceito, origem: 'pagina_pagador', detalhe: `página do pagador, IP ${client.ip}` });
      mudou.push(`${channel === 'email' ? 'e-mail' : 'WhatsApp'}: ${aceito ? 'aceita' : 'não aceita'}`);
    }
    if (mudou.length) await registrarAcessoPagador(tx, client, { pessoaId: s.pessoaId, acao: 'preferencias', detalhe: mudou.join('; ') });
  });
  return { msg: PAGADOR_MSG.preferenciasSalvas };
}

const sqlLock = (pessoaId: number) => sql`select pg_advisory_xact_lock(727270, ${pessoaId}::int)`;
