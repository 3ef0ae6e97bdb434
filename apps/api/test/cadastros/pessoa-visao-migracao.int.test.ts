import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../src/db/client.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';

/**
 * Migrations 0100-0102 on existing data (decision 104, "Existing data"): a database as it stood
 * before them (migrations up to 0099) gets people in the old shape — one row per CPF with the
 * fields whichever shop typed last, phones and documents of nobody in particular — then the rest
 * of the migrations run, and each piece must sit in the view of the shop that brought it:
 * - the fields: the shop of the latest request, or of a later "Atualização da Pessoa" by one of its
 *   users; a person without guarantees: the administradores' view;
 * - phones and documents: the shop of the user who added them; an administrador's document right
 *   after its request for a Loja: that Loja; what no shop brought: the only shop that knows the
 *   person, else the administradores' view;
 * - each guarantee: a snapshot of its shop's view, marked 'migracao'.
 * Runs on an in-memory PGlite of its own (the run's template is already migrated).
 */
let database: Database;
let oldDir: string;
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await database.executeSql(text, values)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0];

const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await openPglite(null);
  oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bg-mig-'));
  for (const m of listMigrations()) if (m.name < '0100') fs.writeFileSync(path.join(oldDir, m.name), m.sql);
  await migrate(database, oldDir);

  const empresa = async (nome: string) =>
    (await one<{ id: number }>(
      `INSERT INTO empresa (cnpj, razao, fantasia, cep, endereco, numero, bairro, cidade, uf) VALUES ($1, $2, $2, '01310100', 'Av', '1', 'B', 'São Paulo', 'SP') RETURNING id`,
      [String(10_000_000_000_000 + Math.floor(Math.random() * 1e12)).slice(0, 14), nome],
    )).id;
  const usuario = async (login: string, nivel: string, empresaId: number | null) =>
    (await one<{ id: number }>(`INSERT INTO usuario (name, login, password_hash, nivel, empresa_id) VALUES ($1, $1, 'x', $2, $3) RETURNING id`, [login, nivel, empresaId])).id;
  ids.A = await empresa('Loja A');
  ids.B = await empresa('Loja B');
  ids.userA = await usuario('usuario.a', '1', ids.A);
  ids.userB = await usuario('usuario.b', '1', ids.B);
  ids.admin = await usuario('admin', '2', null);

  const pessoa = async (cpf: string, nome: string, dados: { numero: string; telefone1: string; renda: string }) =>
    (await one<{ id: number }>(
      `INSERT INTO pessoa (tipo_pessoa, cpf_cnpj, nome_razao, data_nascimento, cep, endereco, numero, bairro, cidade, uf, telefone1, ocupacao, renda, updated_at)
       VALUES ('F', $1, $2, '1980-01-01', '01310100', 'Avenida Paulista', $3, 'Bela Vista', 'São Paulo', 'SP', $4, 'Analista', $5, '2025-06-01') RETURNING id`,
      [cpf, nome, dados.numero, dados.telefone1, dados.renda],
    )).id;
  const garantia = async (pessoaId: number, empresaId: number, usuarioId: number, at: string) =>
    (await one<{ id: number }>(
      `INSERT INTO garantia (digito, empresa_id, usuario_id, pessoa_id, qtd_titulo, data, created_at) VALUES (0, $1, $2, $3, 2, $4, $4) RETURNING id`,
      [empresaId, usuarioId, pessoaId, at],
    )).id;
  const telefone = async (pessoaId: number, numero: string, usuarioId: number | null) =>
    (await one<{ id: number }>(`INSERT INTO pessoa_telefone (pessoa_id, telefone, contato, usuario_id) VALUES ($1, $2, 'x', $3) RETURNING id`, [pessoaId, numero, usuarioId])).id;
  let files = 0;
  const documento = async (pessoaId: number, usuarioId: number, at: string) => {
    const fileId = `00000000-0000-4000-8000-${String(++files).padStart(12, '0')}`;
    await q(`INSERT INTO stored_file (id, storage_key, original_name, content_type, size_bytes, sha256, created_by, created_at) VALUES ($1, $2, 'doc.png', 'image/png', 10, repeat('0', 64), $3, $4)`, [fileId, `key-${fileId}`, usuarioId, at]);
    return (await one<{ id: number }>(`INSERT INTO pessoa_documento (pessoa_id, file_id, usuario_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id`, [pessoaId, fileId, usuarioId, at])).id;
  };

  // 1. A requested, then B requested (B's typing is what the row holds now)
  ids.p1 = await pessoa('11111111111', 'Compartilhada Um', { numero: '222', telefone1: '21900000002', renda: '9000.00' });
  ids.g1A = await garantia(ids.p1, ids.A, ids.userA, '2025-01-10T12:00:00Z');
  ids.g1B = await garantia(ids.p1, ids.B, ids.userB, '2025-03-10T12:00:00Z');
  ids.t1A = await telefone(ids.p1, '11955550001', ids.userA);
  ids.t1B = await telefone(ids.p1, '21955550002', ids.userB);
  ids.t1Admin = await telefone(ids.p1, '11944440000', ids.admin);
  ids.d1A = await documento(ids.p1, ids.userA, '2025-01-10T12:05:00Z');
  // the administrador's wizard for Loja B: its request, then its upload minutes later
  ids.g1AdminB = await garantia(ids.p1, ids.B, ids.admin, '2025-04-01T12:00:00Z');
  ids.d1AdminWizard = await documento(ids.p1, ids.admin, '2025-04-01T12:03:00Z');
  ids.d1AdminLater = await documento(ids.p1, ids.admin, '2025-05-20T12:00:00Z');

  // 2. A requested, B requested later, then A's user edited the person (audit): the fields are A's
  ids.p2 = await pessoa('22222222222', 'Compartilhada Dois', { numero: '111', telefone1: '11900000001', renda: '3000.00' });
  await garantia(ids.p2, ids.A, ids.userA, '2025-01-01T12:00:00Z');
  await garantia(ids.p2, ids.B, ids.userB, '2025-02-01T12:00:00Z');
  await q(`INSERT INTO audit_log (occurred_at, usuario_id, action, entity, entity_id) VALUES ('2025-02-15T12:00:00Z', $1, 'pessoa.update', 'pessoa', $2)`, [ids.userA, String(ids.p2)]);
  // an administrador's later edit changes the data in place: it does not move it
  await q(`INSERT INTO audit_log (occurred_at, usuario_id, action, entity, entity_id) VALUES ('2025-02-20T12:00:00Z', $1, 'pessoa.update', 'pessoa', $2)`, [ids.admin, String(ids.p2)]);

  // 3. A only; the administrador added a phone and a document (no request of its own)
  ids.p3 = await pessoa('33333333333', 'Só da Loja A', { numero: '333', telefone1: '11900000003', renda: '4000.00' });
  ids.g3 = await garantia(ids.p3, ids.A, ids.userA, '2025-01-05T12:00:00Z');
  ids.t3Admin = await telefone(ids.p3, '11933330000', ids.admin);
  ids.d3Admin = await documento(ids.p3, ids.admin, '2025-03-01T12:00:00Z');

  // 4. no guarantee at all (registered outside a request)
  ids.p4 = await pessoa('44444444444', 'Sem Garantia', { numero: '444', telefone1: '11900000004', renda: '5000.00' });

  await migrate(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (oldDir) fs.rmSync(oldDir, { recursive: true, force: true });
});

type Visao = { empresa_id: number | null; nome_razao: string; numero: string | null; telefone1: string | null; renda: string | null };
const visoes = (pessoaId: number) => q<Visao>('SELECT empresa_id, nome_razao, numero, telefone1, renda::text AS renda FROM pessoa_visao WHERE pessoa_id = $1 ORDER BY empresa_id NULLS LAST', [pessoaId]);
const empresaDe = async (table: 'pessoa_telefone' | 'pessoa_documento', id: number) => (await one<{ empresa_id: number | null }>(`SELECT empresa_id FROM ${table} WHERE id = $1`, [id])).empresa_id;

describe('migrations 0100-0102 on existing data', () => {
  it('the fields go to the view of the shop that wrote them last; the other shop keeps the identity only', async () => {
    expect(await visoes(ids.p1)).toEqual([
      { empresa_id: ids.A, nome_razao: 'Compartilhada Um', numero: null, telefone1: null, renda: null },
      { empresa_id: ids.B, nome_razao: 'Compartilhada Um', numero: '222', telefone1: '21900000002', renda: '9000.00' },
      // the administradores' view: made for the phone and document no shop brought (below)
      { empresa_id: null, nome_razao: 'Compartilhada Um', numero: null, telefone1: null, renda: null },
    ]);
    // a later update by A's user makes A the owner; the administrador's edit after it does not move it
    expect(await visoes(ids.p2)).toEqual([
      { empresa_id: ids.A, nome_razao: 'Compartilhada Dois', numero: '111', telefone1: '11900000001', renda: '3000.00' },
      { empresa_id: ids.B, nome_razao: 'Compartilhada Dois', numero: null, telefone1: null, renda: null },
    ]);
    expect(await visoes(ids.p3)).toEqual([{ empresa_id: ids.A, nome_razao: 'Só da Loja A', numero: '333', telefone1: '11900000003', renda: '4000.00' }]);
    expect(await visoes(ids.p4)).toEqual([{ empresa_id: null, nome_razao: 'Sem Garantia', numero: '444', telefone1: '11900000004', renda: '5000.00' }]);
  });

  it('phones and documents go to the shop that brought them; an administrador\'s to the only shop, its wizard\'s Loja, or its own view', async () => {
    expect(await empresaDe('pessoa_telefone', ids.t1A)).toBe(ids.A);
    expect(await empresaDe('pessoa_telefone', ids.t1B)).toBe(ids.B);
    expect(await empresaDe('pessoa_telefone', ids.t1Admin)).toBeNull();
    expect(await empresaDe('pessoa_documento', ids.d1A)).toBe(ids.A);
    expect(await empresaDe('pessoa_documento', ids.d1AdminWizard)).toBe(ids.B);
    expect(await empresaDe('pessoa_documento', ids.d1AdminLater)).toBeNull();
    expect(await empresaDe('pessoa_telefone', ids.t3Admin)).toBe(ids.A);
    expect(await empresaDe('pessoa_documento', ids.d3Admin)).toBe(ids.A);
  });

  it('every guarantee has the snapshot of its shop\'s view, marked migracao', async () => {
    const snap = (g: number) => one<{ numero: string | null; telefone1: string | null; origem: string }>('SELECT numero, telefone1, origem FROM garantia_pessoa WHERE garantia_id = $1', [g]);
    expect(await snap(ids.g1A)).toEqual({ numero: null, telefone1: null, origem: 'migracao' });
    expect(await snap(ids.g1B)).toEqual({ numero: '222', telefone1: '21900000002', origem: 'migracao' });
    expect(await snap(ids.g3)).toEqual({ numero: '333', telefone1: '11900000003', origem: 'migracao' });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM garantia g WHERE NOT EXISTS (SELECT 1 FROM garantia_pessoa s WHERE s.garantia_id = g.id)')).n).toBe(0);
  });

  it('the person row keeps the identity only', async () => {
    const columns = (await q<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'pessoa' ORDER BY ordinal_position`)).map((c) => c.column_name);
    expect(columns).toEqual(['id', 'tipo_pessoa', 'cpf_cnpj', 'nome_razao', 'data_nascimento', 'situacao', 'created_at', 'updated_at']);
  });
});
