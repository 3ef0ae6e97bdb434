import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../harness.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { seedContaCobranca } from '../../src/seed/seed-boletos.js';

/**
 * The references of remessa_item and boleto_historico (migration 0146, decision 112): checked once
 * per INSERT statement instead of by row-by-row foreign keys (Gerar Remessa's speed), yet an item
 * or a history row naming a remessa, a boleto or a usuario that does not exist is still refused,
 * and what they name still cannot be deleted or renumbered. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const exec = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as { rows: Record<string, unknown>[] }).rows;
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!err) return 'aceito';
  const parts: string[] = [];
  for (let e = err as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) parts.push(String(e.message));
  return parts.join(' | ');
}

async function world() {
  const e = await createEmpresa(db());
  const u = await createUsuario(db(), { nivel: '1', empresa_id: e.id });
  const g = await createGarantia(db(), { empresa_id: e.id, usuario_id: u.id, parcelas: [10000, 20000] });
  const contaId = (await seedContaCobranca(db())).id;
  const [r] = await exec(sql`insert into remessa (conta_cobranca_id, numero_arquivo, arquivo, usuario_id) values (${contaId}, ${900000 + e.id}, '', ${u.id}) returning id`);
  return { usuarioId: u.id, boletos: g.boletos.map((b) => b.id), remessaId: Number(r.id) };
}

const item = (remessaId: number, boletoId: number) => sql`(${remessaId}, ${boletoId}, 'entrada', 100, '2030-01-01')`;
const insertItems = (...rows: ReturnType<typeof item>[]) => db().execute(sql`insert into remessa_item (remessa_id, boleto_id, tipo, valor, vencimento) values ${sql.join(rows, sql`, `)}`);
const insertHistory = (boletoId: number, usuarioId: number | null) =>
  db().execute(sql`insert into boleto_historico (boleto_id, de, para, motivo, usuario_id) values (${boletoId}, null, 'DISPONÍVEL PARA PAGAMENTO', 'teste', ${usuarioId})`);

describe('remessa_item and boleto_historico name what exists (statement triggers)', () => {
  it('an item of a remessa or of a boleto that does not exist is refused, even beside valid ones', async () => {
    const w = await world();
    expect(await refusal(insertItems(item(987654, w.boletos[0])))).toMatch(/Item de remessa cita remessa que não existe \(remessa 987654\)/);
    expect(await refusal(insertItems(item(w.remessaId, w.boletos[0]), item(w.remessaId, 987654)))).toMatch(/Item de remessa cita boleto que não existe \(boleto 987654\)/);
    expect(await exec(sql`select 1 from remessa_item where remessa_id = ${w.remessaId}`)).toHaveLength(0);
    expect(await refusal(insertItems(item(w.remessaId, w.boletos[0]), item(w.remessaId, w.boletos[1])))).toBe('aceito');
  });

  it('a history row of a boleto or by a usuario that does not exist is refused; without a usuario it is accepted', async () => {
    const w = await world();
    expect(await refusal(insertHistory(987654, w.usuarioId))).toMatch(/Histórico de boleto cita boleto que não existe \(boleto 987654\)/);
    expect(await refusal(insertHistory(w.boletos[0], 987654))).toMatch(/Histórico de boleto cita usuario que não existe \(usuario 987654\)/);
    expect(await refusal(insertHistory(w.boletos[0], null))).toBe('aceito');
    expect(await refusal(insertHistory(w.boletos[0], w.usuarioId))).toBe('aceito');
  });
});

describe('what they name is not deleted nor renumbered', () => {
  it('a boleto with items or history, a remessa with items, a usuario with history', async () => {
    const w = await world();
    await insertItems(item(w.remessaId, w.boletos[0]));
    // a usuario nothing else names (its garantias, audit…): only this history row stops its deletion
    const [historian] = await exec(sql`insert into usuario (name, login, password_hash, nivel) values ('Só histórico', ${`historico-${w.remessaId}`}, 'x', '2') returning id`);
    await insertHistory(w.boletos[1], Number(historian.id));
    expect(await refusal(db().execute(sql`delete from boleto where id = ${w.boletos[0]}`))).toMatch(new RegExp(`Registro ${w.boletos[0]} de boleto citado em remessa_item`));
    expect(await refusal(db().execute(sql`delete from boleto where id = ${w.boletos[1]}`))).toMatch(new RegExp(`Registro ${w.boletos[1]} de boleto citado em boleto_historico`));
    expect(await refusal(db().execute(sql`delete from remessa where id = ${w.remessaId}`))).toMatch(new RegExp(`Registro ${w.remessaId} de remessa citado em remessa_item`));
    expect(await refusal(db().execute(sql`delete from usuario where id = ${historian.id}`))).toMatch(new RegExp(`Registro ${historian.id} de usuario citado em boleto_historico`));
    expect(await refusal(db().execute(sql`update remessa set id = id + 1000000 where id = ${w.remessaId}`))).toMatch(/O id de remessa não muda/);
    expect(await refusal(db().execute(sql`update usuario set id = id + 1000000 where id = ${w.usuarioId}`))).toMatch(/O id de usuario não muda/);
    expect(await refusal(db().execute(sql`update boleto set id = id + 1000000 where id = ${w.boletos[0]}`))).toMatch(/id de um boleto não muda/);
  });

  it('once the rows naming it are gone (remessa-fora.ts gives a title back), a boleto is deleted', async () => {
    const w = await world();
    await insertItems(item(w.remessaId, w.boletos[0]));
    await db().execute(sql`delete from remessa_item where boleto_id = ${w.boletos[0]}`);
    expect(await refusal(db().execute(sql`delete from boleto where id = ${w.boletos[0]}`))).toBe('aceito');
  });

  it('a remessa is not deleted under REPEATABLE READ', async () => {
    const w = await world();
    const attempt = db().transaction((tx) => tx.execute(sql`delete from remessa where id = ${w.remessaId}`), { isolationLevel: 'repeatable read' });
    expect(await refusal(attempt)).toMatch(/Linhas de remessa só são excluídas em READ COMMITTED/);
  });
});

describe('retorno_item names what exists (statement trigger retorno_item_referencias, 0147)', () => {
  const line = (retornoId: number, boletoId: number | null, linha: number) =>
    db().execute(sql`insert into retorno_item (retorno_id, linha, nosso_numero, movimento, movimento_descricao, categoria, resultado, boleto_id)
      values (${retornoId}, ${linha}, '1', '06', 'Liquidação', 'liquidacao', 'NAO_ENCONTRADO', ${boletoId})`);

  it('a line of a retorno or of a boleto that does not exist is refused; a retorno with lines is not deleted', async () => {
    const w = await world();
    const fileId = randomUUID();
    const sha = createHash('sha256').update(fileId).digest('hex');
    await db().execute(sql`insert into stored_file (id, storage_key, original_name, content_type, size_bytes, sha256) values (${fileId}, ${`retornos/${fileId}.ret`}, 'referencias.ret', 'text/plain', 1, ${sha})`);
    const [r] = await exec(sql`insert into retorno (arquivo, file_id, sha256, tamanho_bytes, status, banco, conta_cobranca_id, quantidade_titulos)
      values ('referencias.ret', ${fileId}, ${sha}, 1, 'PROCESSADO', '104', ${(await seedContaCobranca(db())).id}, 1) returning id`);
    const retornoId = Number(r.id);
    expect(await refusal(line(987654, null, 1))).toMatch(/Linha de retorno cita retorno que não existe \(retorno 987654\)/);
    expect(await refusal(line(retornoId, 987654, 1))).toMatch(/Linha de retorno cita boleto que não existe \(boleto 987654\)/);
    expect(await refusal(line(retornoId, w.boletos[0], 1))).toBe('aceito');
    expect(await refusal(db().execute(sql`delete from retorno where id = ${retornoId}`))).toMatch(new RegExp(`Registro ${retornoId} de retorno citado em retorno_item`));
    expect(await refusal(db().execute(sql`delete from boleto where id = ${w.boletos[0]}`))).toMatch(/citado em retorno_item/);
  });
});
