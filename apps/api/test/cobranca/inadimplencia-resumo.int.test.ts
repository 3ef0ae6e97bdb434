import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, NIVEL, SITUACAO } from '@bg/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import type { Actor } from '../../src/shared/actor.js';
import { createPessoa } from '../../src/factories/garantia.js';
import { ensureInadimplenciaDay, listInadimplentes } from '../../src/modules/cobranca/list-inadimplentes.js';
import { createTestApp, type TestApp } from '../harness.js';
import { acordoBody, defaulter, newCpf, post, today } from './support.js';

// inadimplencia_resumo (migrations 0097 and 0098, decisions 097 and 098): the triggers keep each person's overdue
// pending boletos right after every kind of write, and the day turn recounts everything.

type Row = { qtd: number; valor: string; vencimento_mais_antigo: string | null };

/** What the triggers keep for a person (qtd 0 and no row both mean "not a debtor"). */
async function kept(db: Db, pessoaId: number): Promise<Row> {
  const { rows } = (await db.execute(
    sql`select qtd, valor::text as valor, vencimento_mais_antigo::text as vencimento_mais_antigo from inadimplencia_resumo where pessoa_id = ${pessoaId}`,
  )) as { rows: Row[] };
  return rows[0] && rows[0].qtd > 0 ? rows[0] : { qtd: 0, valor: '0.00', vencimento_mais_antigo: null };
}

/** The same figures counted from scratch with DOMAIN.md's rule (cobranca/pendentes.ts). */
async function recounted(db: Db, pessoaId: number, day: string): Promise<Row> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as qtd, coalesce(sum(b.valor), 0)::numeric(14,2)::text as valor, min(b.vencimento)::text as vencimento_mais_antigo
      from boleto b join garantia g on g.id = b.garantia_id
     where g.pessoa_id = ${pessoaId}
       and b.situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO')
       and b.vencimento < ${day}::date
       and not exists (select 1 from acordo_boleto ab where ab.boleto_id = b.id and ab.vigente)`)) as { rows: Row[] };
  return rows[0];
}

async function expectKeptRight(db: Db, pessoaId: number, expected?: Partial<Row>) {
  const row = await kept(db, pessoaId);
  expect(row).toEqual(await recounted(db, pessoaId, today));
  if (expected) expect(row).toMatchObject(expected);
}

describe('inadimplencia_resumo kept by the triggers', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
    db = t.database.db;
    await ensureInadimplenciaDay(db, today);
  });
  afterAll(async () => t?.close());

  it('counts new boletos, then follows situação, valor and vencimento changes', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: 30 },
      { cents: 5050, daysAgo: 3, situacao: SITUACAO.QUITADO },
      { cents: 7000, daysAgo: -10 },
      { cents: 9000, daysAgo: 40, situacao: SITUACAO.LIQUIDADO },
    ]);
    const [old, recent, future, paid] = d.boletos.map((b) => b.id);
    await expectKeptRight(db, d.pessoaId, { qtd: 2, valor: '150.50', vencimento_mais_antigo: addDays(today, -30) });

    await db.execute(sql`update boleto set situacao = ${SITUACAO.LIQUIDADO} where id = ${old}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 1, valor: '50.50', vencimento_mais_antigo: addDays(today, -3) });
    await db.execute(sql`update boleto set valor = 60.01 where id = ${recent}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 1, valor: '60.01' });
    await db.execute(sql`update boleto set vencimento = ${addDays(today, -8)}::date where id = ${future}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 2, valor: '130.01', vencimento_mais_antigo: addDays(today, -8) });
    await db.execute(sql`update boleto set situacao = ${SITUACAO.GARANTIDO} where id = ${paid}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 3, valor: '220.01', vencimento_mais_antigo: addDays(today, -40) });
    // open to open (remessa, registration) changes nothing in the count
    await db.execute(sql`update boleto set situacao = ${SITUACAO.ENVIADO_REGISTRO} where id = ${paid}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 3 });
    await db.execute(sql`update boleto set vencimento = ${addDays(today, 5)}::date, situacao = ${SITUACAO.GARANTIDO} where id in (${old}, ${recent}, ${future}, ${paid})`);
    await expectKeptRight(db, d.pessoaId, { qtd: 0 });

    const res = await t.call({ method: 'GET', url: `/api/pessoa/getInadimplentes?pesquisa=${d.cpf}`, token: admin.token });
    expect(res.json().total).toBe(0);
  });

  it('an acordo takes its boletos out; cancelling it (vigente false) puts them back', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: 20 },
      { cents: 20000, daysAgo: 10 },
    ]);
    await expectKeptRight(db, d.pessoaId, { qtd: 2, valor: '300.00' });
    const acordo = await post(t, '/api/acordo/create', admin.token, acordoBody(d, { qtd: 1, boletoIds: [d.boletos[0].id] }));
    expect(acordo.statusCode, acordo.body).toBe(200);
    await expectKeptRight(db, d.pessoaId, { qtd: 1, valor: '200.00' });
    await db.execute(sql`update acordo_boleto set vigente = false where boleto_id = ${d.boletos[0].id}`);
    // the boleto itself left the open situações when the acordo replaced it
    const [{ situacao }] = ((await db.execute(sql`select situacao from boleto where id = ${d.boletos[0].id}`)) as { rows: { situacao: string }[] }).rows;
    await db.execute(sql`update boleto set situacao = ${SITUACAO.GARANTIDO} where id = ${d.boletos[0].id}`);
    expect(situacao).not.toBe(SITUACAO.GARANTIDO);
    await expectKeptRight(db, d.pessoaId, { qtd: 2, valor: '300.00' });
  });

  it('a guarantee moved to another person moves its count; a removed boleto leaves it', async () => {
    const d = await defaulter(t, [
      { cents: 11100, daysAgo: 15 },
      { cents: 22200, daysAgo: 5 },
    ]);
    const other = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: 'Outra Pessoa Resumo' });
    const [{ garantia_id }] = ((await db.execute(sql`select garantia_id from boleto where id = ${d.boletos[1].id}`)) as { rows: { garantia_id: number }[] }).rows;
    await db.execute(sql`update garantia set pessoa_id = ${other.id} where id = ${garantia_id}`);
    await expectKeptRight(db, d.pessoaId, { qtd: 1, valor: '111.00' });
    await expectKeptRight(db, other.id, { qtd: 1, valor: '222.00' });

    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from boleto_historico where boleto_id = ${d.boletos[0].id}`);
      await tx.execute(sql`delete from boleto where id = ${d.boletos[0].id}`);
    });
    await expectKeptRight(db, d.pessoaId, { qtd: 0 });
  });

  it('one statement over many people recounts each of them', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((n) => defaulter(t, [{ cents: 1000 * n, daysAgo: n }, { cents: 333, daysAgo: 2 * n }])));
    const ids = people.flatMap((p) => p.boletos.map((b) => b.id));
    for (const p of people) await expectKeptRight(db, p.pessoaId, { qtd: 2 });
    await db.execute(sql`update boleto set situacao = ${SITUACAO.LIQUIDADO} where id in ${sql`(${sql.join(ids.filter((_, i) => i % 2 === 0).map((id) => sql`${id}`), sql`, `)})`}`);
    for (const p of people) await expectKeptRight(db, p.pessoaId, { qtd: 1, valor: '3.33' });
  });

  it("carries the person's name and document: a rename or a corrected document is searched at once", async () => {
    const d = await defaulter(t, [{ cents: 4321, daysAgo: 6 }]);
    const search = async (pesquisa: string) =>
      (await t.call({ method: 'GET', url: `/api/pessoa/getInadimplentes?pesquisa=${encodeURIComponent(pesquisa)}`, token: admin.token })).json().data as { id: number; nome_razao: string; cpf_cnpj: string }[];
    expect((await search(d.nome)).map((r) => r.id)).toEqual([d.pessoaId]);
    const novoNome = `Renomeada ${d.cpf.slice(-6)} Resumo`;
    const novoCpf = newCpf();
    await db.execute(sql`update pessoa set nome_razao = ${novoNome}, cpf_cnpj = ${novoCpf} where id = ${d.pessoaId}`);
    expect(await search(d.nome)).toEqual([]);
    expect(await search(d.cpf)).toEqual([]);
    expect(await search(novoNome)).toMatchObject([{ id: d.pessoaId, nome_razao: novoNome, cpf_cnpj: novoCpf }]);
    expect((await search(novoCpf)).map((r) => r.id)).toEqual([d.pessoaId]);
    // a person who becomes a debtor later starts with their current name
    const other = await createPessoa(db, { cpf_cnpj: newCpf(), nome_razao: `Nova Devedora ${d.cpf.slice(-6)}` });
    const [{ garantia_id }] = ((await db.execute(sql`select garantia_id from boleto where id = ${d.boletos[0].id}`)) as { rows: { garantia_id: number }[] }).rows;
    await db.execute(sql`update garantia set pessoa_id = ${other.id} where id = ${garantia_id}`);
    expect(await search(`Nova Devedora ${d.cpf.slice(-6)}`)).toMatchObject([{ id: other.id }]);
  });

  it('two transactions changing boletos of the same person at once: the second counts after the first', async () => {
    const url = t.databaseUrl;
    if (!url) return; // PGlite answers one connection at a time: nothing runs at once there
    const d = await defaulter(t, [
      { cents: 1000, daysAgo: 10 },
      { cents: 2000, daysAgo: 9 },
      { cents: 4000, daysAgo: 8 },
    ]);
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      await a.query('update boleto set situacao = $1 where id = $2', [SITUACAO.LIQUIDADO, d.boletos[0].id]);
      await b.query('begin');
      // waits on the person's row that a's trigger locked, then counts with a's change committed
      const second = b.query('update boleto set valor = 25.00 where id = $1', [d.boletos[1].id]);
      await new Promise((r) => setTimeout(r, 200));
      await a.query('commit');
      await second;
      await b.query('commit');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    await expectKeptRight(db, d.pessoaId, { qtd: 2, valor: '65.00', vencimento_mais_antigo: addDays(today, -9) });
  });

  it('equals a recount of every person, read in one snapshot, whatever the other tests did', async () => {
    await db.transaction(
      async (tx) => {
        const { rows } = (await tx.execute(sql`
          with contado as (
            select g.pessoa_id, count(*)::int as qtd, sum(b.valor)::text as valor, min(b.vencimento)::text as mais_antigo
              from boleto b join garantia g on g.id = b.garantia_id
             where b.situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO')
               and b.vencimento < (select dia from inadimplencia_referencia)
               and not exists (select 1 from acordo_boleto ab where ab.boleto_id = b.id and ab.vigente)
             group by g.pessoa_id),
          mantido as (select pessoa_id, qtd, valor::text as valor, vencimento_mais_antigo::text as mais_antigo from inadimplencia_resumo where qtd > 0)
          select coalesce(c.pessoa_id, m.pessoa_id) as pessoa_id, c.qtd as contado, m.qtd as mantido
            from contado c full join mantido m on m.pessoa_id = c.pessoa_id
           where (c.qtd, c.valor, c.mais_antigo) is distinct from (m.qtd, m.valor, m.mais_antigo)`)) as { rows: unknown[] };
        expect(rows).toEqual([]);
        // and every row's name and document are its person's (migration 0098)
        const { rows: stale } = (await tx.execute(sql`
          select r.pessoa_id from inadimplencia_resumo r join pessoa p on p.id = r.pessoa_id
           where (r.nome_razao, r.cpf_cnpj) is distinct from (p.nome_razao, p.cpf_cnpj)`)) as { rows: unknown[] };
        expect(stale).toEqual([]);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  });
});

describe('the day turn (own database: the reference day is global)', () => {
  let t: TestApp;
  let db: Db;
  let actor: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const { user } = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
    actor = { id: user.id, nivel: NIVEL.ADMINISTRADOR, empresa_id: null, name: user.name, ip: null };
  });
  afterAll(async () => t?.close());

  const names = async (day: string) => (await listInadimplentes(db, actor, { page: 1, per_page: 50 }, day)).data;

  it('recounts every person for the new day once, and the list reads the delays from it', async () => {
    const d = await defaulter(t, [
      { cents: 10000, daysAgo: 2 },
      { cents: 5000, daysAgo: -3 }, // due in three days
    ]);
    const now = await names(today);
    expect(now.find((r) => r.id === d.pessoaId)).toMatchObject({ qtd_boletos: 1, valor_vencido: 100, maior_atraso: 2 });

    const later = addDays(today, 5);
    const then = await names(later);
    expect(then.find((r) => r.id === d.pessoaId)).toMatchObject({ qtd_boletos: 2, valor_vencido: 150, maior_atraso: 7 });
    // turned once: a second call on the same day finds it done
    const again = ((await db.execute(sql`select inadimplencia_virar_dia(${later}::date) as virou`)) as { rows: { virou: boolean }[] }).rows[0];
    expect(again.virou).toBe(false);
    // writes on the later day count for it
    await db.execute(sql`update boleto set situacao = ${SITUACAO.LIQUIDADO} where id = ${d.boletos[0].id}`);
    expect((await names(later)).find((r) => r.id === d.pessoaId)).toMatchObject({ qtd_boletos: 1, valor_vencido: 50, maior_atraso: 2 });

    expect((await names(today)).find((r) => r.id === d.pessoaId)).toBeUndefined();
  });

  it("Início's card counts the people the list shows: an acordo's boletos excluded", async () => {
    const admin = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
    const card = async () => (await t.call({ method: 'GET', url: '/api/dashboard/getResumo', token: admin.token })).json().data.inadimplentes as number;
    const listed = async () => (await listInadimplentes(db, actor, { page: 1, per_page: 15 }, today)).total;
    const d = await defaulter(t, [{ cents: 10000, daysAgo: 12 }]);
    expect(await card()).toBe(await listed());
    const before = await card();
    // a vigente acordo over a boleto still GARANTIDO (the rule, not the situação, takes it out)
    const { rows } = (await db.execute(sql`
      insert into acordo (pessoa_id, descricao, status, valor, valor_sem_juros, multa, juros, taxa, valor_atualizado, valor_entrada, numero_parcelas, ultimo_vencimento, data_simulacao, user_id)
      values (${d.pessoaId}, 'teste', 'ATIVO', 100, 100, 0, 0, 0, 100, 100, 1, ${today}::date, ${today}::date, ${admin.user.id}) returning id`)) as { rows: { id: number }[] };
    await db.execute(sql`insert into acordo_boleto (acordo_id, boleto_id, valor, vencimento, dias_atraso, situacao_anterior)
      values (${rows[0].id}, ${d.boletos[0].id}, 100, ${d.boletos[0].vencimento}::date, 12, 'GARANTIDO')`);
    expect(await card()).toBe(before - 1);
    expect(await card()).toBe(await listed());
  });
});
