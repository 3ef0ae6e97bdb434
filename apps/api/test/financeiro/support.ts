import { execFileSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import type { BoletoAction } from '@bg/domain';
import type { Db } from '../../src/db/client.js';
import { createEmpresa, type EmpresaOverrides } from '../../src/factories/foundation.js';
import { createGarantia, type GarantiaFactoryInput } from '../../src/factories/garantia.js';
import { boletoHistorico } from '../../src/db/schema/index.js';
import { changeSituacao } from '../../src/modules/boletos/change-situacao.js';
import type { TestApp } from '../harness.js';

/** An empresa that advances (antecipa S, 2.5%) and simulates sales, with one usuario logged in. */
export async function lojaQueAntecipa(t: TestApp, overrides: EmpresaOverrides = {}) {
  const emp = await createEmpresa(t.database.db, { antecipa: 'S', taxa_antecipacao: '2.5', simula_venda: 'S', ...overrides });
  const { token, user } = await t.userWithToken({ nivel: '1', empresa_id: emp.id });
  return { empresa: emp, token, user };
}

/** A released guarantee whose boletos are all GARANTIDO (registered at the bank). */
export async function garantidos(db: Db, input: GarantiaFactoryInput) {
  return createGarantia(db, { status: 'APROVADO', libera_boleto: 'S', situacao: 'GARANTIDO', ...input });
}

export async function move(db: Db, boletoId: number, actions: BoletoAction[]) {
  for (const a of actions) await db.transaction((tx) => changeSituacao(tx, boletoId, a, { id: null, ip: null }, 'teste'));
}

/** Moves the boleto's history entry into `para` to another instant (a report month in the past). */
export async function dateEvent(db: Db, boletoId: number, para: string, at: string) {
  await db.update(boletoHistorico).set({ created_at: new Date(at) }).where(and(eq(boletoHistorico.boleto_id, boletoId), sql`${boletoHistorico.para} = ${para}`));
}

/** The text of a PDF, by poppler's pdftotext. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

export const get = (t: TestApp, url: string, token: string) => t.call({ method: 'GET', url, token });
export const post = (t: TestApp, url: string, token: string, payload: object = {}) => t.call({ method: 'POST', url, token, payload });
