import { sql } from 'drizzle-orm';
import { addDays, conta, todayInSaoPaulo, type LedgerAccountRef } from '@bg/domain';
import type { TestApp } from '../harness.js';
import { createEmpresa, type EmpresaOverrides } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { checkLedger } from '../../src/modules/ledger/check-ledger.js';
import { posicaoDaLoja, saldoDaConta } from '../../src/modules/ledger/saldos.js';

export const today = todayInSaoPaulo();

export const get = (t: TestApp, url: string, token: string) => t.call({ method: 'GET', url, token });
export const post = (t: TestApp, url: string, token: string, payload: object = {}) => t.call({ method: 'POST', url, token, payload });

/** A shop that advances (antecipa S, 2.5%), its usuario logged in. */
export async function loja(t: TestApp, overrides: EmpresaOverrides = {}) {
  const empresa = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2.5', ...overrides });
  const { token, user } = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
  return { empresa, token, user };
}

/** GARANTIDO boletos of one guarantee of the shop (registered at the bank), due from `days` on. */
export async function garantidos(t: TestApp, l: Awaited<ReturnType<typeof loja>>, parcelas: number[], days = 20) {
  const g = await createGarantia(t.database.db, { empresa_id: l.empresa.id, usuario_id: l.user.id, status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', parcelas, primeiroVencimento: addDays(today, days) });
  return g;
}

/** The shop asks for an advance of every eligible boleto, as the screen does (the figures it showed). */
export async function pedirAntecipacao(t: TestApp, token: string): Promise<number> {
  const sim = (await get(t, '/api/relatorio/simulaAntecipacao', token)).json();
  const res = await post(t, '/api/relatorio/createAntecipacao', token, {
    data_simulacao: sim.totais.data_simulacao,
    boletos: sim.boletos.map((b: { id: number; valor: number; vencimento: string; prorata: number }) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
    totais: sim.totais,
  });
  if (res.statusCode !== 200) throw new Error(`createAntecipacao: ${res.body}`);
  return res.json().data.id as number;
}

export async function aprovar(t: TestApp, adminToken: string, id: number) {
  const res = await post(t, `/api/relatorio/aprovaAntecipacao/${id}`, adminToken);
  if (res.statusCode !== 200) throw new Error(`aprovaAntecipacao: ${res.body}`);
}

/** A shop's account balance (normal side), in centavos. */
export const saldo = (t: TestApp, ref: LedgerAccountRef) => saldoDaConta(t.database.db, ref);
export const posicao = (t: TestApp, empresaId: number) => posicaoDaLoja(t.database.db, empresaId);
export const contas = conta;

/** Every invariant of the ledger holds (the nightly check), or the failures. */
export async function invariantes(t: TestApp) {
  const r = await t.database.db.transaction((tx) => checkLedger(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  return r.falhas;
}

/** The ledger transactions posted for a cause, by idempotency key. */
export async function lancamentos(t: TestApp, key: string) {
  const res = (await t.database.db.execute(sql`select id::int, kind, occurred_on from ledger_transaction where idempotency_key = ${key}`)) as { rows: { id: number; kind: string; occurred_on: string }[] };
  return res.rows;
}
