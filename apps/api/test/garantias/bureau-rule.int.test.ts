import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { BureauAdapter, Restricao } from '../../src/adapters/bureau/bureau.js';
import { chooseBureau } from '../../src/adapters/bureau/choose-bureau.js';
import { localBureau } from '../../src/adapters/bureau/local-bureau.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/shared/clock.js';
import { consultaDocumento, cpfSuspeito } from '../../src/db/schema/index.js';
import type { Actor } from '../../src/shared/actor.js';
import { consultaDocumentoUseCase } from '../../src/modules/garantia/consulta-documento.js';
import { solicitaGarantia } from '../../src/modules/garantia/solicita-garantia.js';
import { solicitaGarantiaSchema } from '@bg/domain';
import { createTestApp, type TestApp } from '../harness.js';
import { actorOf, count, newCpf, payload } from './helpers.js';

/**
 * DOMAIN.md lookup rule "the bureau adapter reports a restriction": a provider other than the
 * local one may know what our data does not. The HTTP routes use the app's bureau (always local in
 * tests), so these call the use-cases with a fake provider, chosen as chooseBureau chooses every
 * production provider (completed with our own restrictions).
 */
let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  actor = actorOf((await t.userWithToken({ nivel: '1' })).user);
});
afterAll(async () => t?.close());

function externalBureau(restricted: Set<string>, itens: Restricao[]): BureauAdapter {
  const fake: BureauAdapter = {
    ...localBureau(),
    name: 'fake',
    async restritiva(_db, documento) {
      const hit = restricted.has(documento);
      return { provider: 'fake', restrito: hit, itens: hit ? itens : [], alertas: [] };
    },
  };
  return chooseBureau('fake', systemClock, { fake: () => fake });
}

describe('lookup rule: the bureau adapter reports a restriction', () => {
  it('answers 900 with the provider reason, listing a reason we already know only once', async () => {
    const doc = newCpf();
    await t.database.db.insert(cpfSuspeito).values({ cpf_cnpj: doc, motivo: 'Conferido pela equipe' });
    const bureau = externalBureau(new Set([doc]), [
      { codigo: 'RESTRICAO_EXTERNA', descricao: 'Protesto em cartório (fornecedor externo)' },
      { codigo: 'CPF_SUSPEITO', descricao: 'Suspeito segundo o fornecedor' },
    ]);
    const res = await consultaDocumentoUseCase(t.database.db, bureau, actor, { documento: doc });
    expect(res.status).toBe(900);
    expect(res.consulta).toContain('Protesto em cartório (fornecedor externo)');
    expect(res.consulta).toContain('Conferido pela equipe');
    expect(res.consulta).not.toContain('Suspeito segundo o fornecedor');
    const [rec] = await t.database.db.select().from(consultaDocumento).where(eq(consultaDocumento.cpf_cnpj, doc)).orderBy(desc(consultaDocumento.id));
    expect(rec).toMatchObject({ status: 900, usuario_id: actor.id });
  });

  it('a document clean in our data but restricted by the provider answers 900; unrestricted answers 200', async () => {
    const doc = newCpf();
    const bureau = externalBureau(new Set([doc]), [{ codigo: 'RESTRICAO_EXTERNA', descricao: 'Dívida em outro credor' }]);
    expect((await consultaDocumentoUseCase(t.database.db, bureau, actor, { documento: doc })).status).toBe(900);
    expect((await consultaDocumentoUseCase(t.database.db, bureau, actor, { documento: newCpf() })).status).toBe(200);
  });

  it('solicitaGarantia re-checks the provider: 900 and nothing written', async () => {
    const input = solicitaGarantiaSchema().parse(payload());
    const bureau = externalBureau(new Set([input.cpf_cnpj]), [{ codigo: 'RESTRICAO_EXTERNA', descricao: 'Dívida em outro credor' }]);
    const res = await solicitaGarantia(t.database.db, bureau, actor, input);
    expect(res).toMatchObject({ status: 900 });
    expect(await count(t.database.db, sql`select count(*)::int as n from pessoa where cpf_cnpj = ${input.cpf_cnpj}`)).toBe(0);
  });
});

describe('BUREAU_PROVIDER', () => {
  it('answers the local bureau by default and refuses an unknown provider at start', () => {
    expect(chooseBureau(loadConfig({}).bureauProvider, systemClock).name).toBe('local');
    expect(() => loadConfig({ BUREAU_PROVIDER: 'serasa' })).toThrow('a variável BUREAU_PROVIDER deve ser local (recebido: serasa).');
    expect(() => loadConfig({ BUREAU_PROVIDER: 'toString' })).toThrow('a variável BUREAU_PROVIDER deve ser local (recebido: toString).');
    // and a name no provider answers to, should the list and the providers ever disagree
    expect(() => chooseBureau('serasa', systemClock)).toThrow('BUREAU_PROVIDER desconhecido: serasa');
    expect(() => chooseBureau('toString', systemClock)).toThrow('BUREAU_PROVIDER desconhecido: toString');
  });
});
