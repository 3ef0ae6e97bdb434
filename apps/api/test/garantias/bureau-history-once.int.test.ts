import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitaGarantiaSchema } from '@bg/domain';
import type { Actor } from '../../src/shared/actor.js';
import { consultaDocumentoUseCase } from '../../src/modules/garantia/consulta-documento.js';
import { solicitaGarantia } from '../../src/modules/garantia/solicita-garantia.js';
import { createTestApp, type TestApp } from '../harness.js';
import { loggedDb } from '../query-log.js';
import { actorOf, newCpf, payload } from './helpers.js';

/**
 * Issue 10: the document lookup goes through the BureauAdapter only, and the person's history
 * (adapters/bureau/document-history.ts, one SQL round trip) is read once per request — the lookup
 * used to read it itself and then again inside the local bureau.
 */
let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  actor = actorOf((await t.userWithToken({ nivel: '1' })).user);
});
afterAll(async () => t?.close());

/** The history query's own column: nothing else selects it. */
const isHistoryQuery = (q: string) => q.includes('as primeira_garantia');

describe('document history: once per request, through the bureau adapter', () => {
  it('consultaDocumento (wizard step 1) reads it once', async () => {
    const { db, queries } = loggedDb(t.database);
    const res = await consultaDocumentoUseCase(db, t.app.services.bureau, actor, { documento: newCpf() });
    expect(res.status).toBe(200);
    expect(queries.filter(isHistoryQuery)).toHaveLength(1);
  });

  it('solicitaGarantia (the request, re-checking the lookup rules) reads it once', async () => {
    const { db, queries } = loggedDb(t.database);
    const res = await solicitaGarantia(db, t.app.services.bureau, actor, solicitaGarantiaSchema().parse(payload()));
    expect(res.status).toBe(200);
    expect(queries.filter(isHistoryQuery)).toHaveLength(1);
  });

  it('use-cases reach the bureau only through its interface (bureau.ts), never its internals nor its choice', () => {
    const modules = path.resolve(import.meta.dirname, '../../src/modules');
    const offenders: string[] = [];
    for (const file of fs.readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const text = fs.readFileSync(path.join(modules, file), 'utf8');
      for (const m of text.matchAll(/from '([^']*adapters\/bureau\/[^']*)'/g)) if (!/\/bureau\.js$/.test(m[1])) offenders.push(`${file}: ${m[1]}`);
    }
    expect(offenders).toEqual([]);
  });
});
