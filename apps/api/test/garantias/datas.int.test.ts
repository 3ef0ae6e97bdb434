import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, DATE_MSG, NIVEL, todayInSaoPaulo, ultimoVencimentoAceito } from '@bg/domain';
import { boleto } from '../../src/db/schema/index.js';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia } from '../../src/factories/garantia.js';
import { issueBoletosOnRelease } from '../../src/modules/boletos/issue-boletos-on-release.js';
import { seedContaCobranca } from '../../src/seed/seed-boletos.js';
import { createTestApp, type TestApp } from '../harness.js';
import { count, nextMonth, payload } from './helpers.js';

/**
 * Issue 23: 9999-12-31 was accepted from any shop (and from Acerto de Atendimento) and broke every
 * Gerar Remessa. Every entry point of a date now answers 422 with the field's Portuguese message
 * and writes nothing (decision 105); a boleto stored with such a date before the checks never
 * prints a slip whose barcode names another day.
 */
let t: TestApp;
let loja: Awaited<ReturnType<TestApp['userWithToken']>>;
let admin: Awaited<ReturnType<TestApp['userWithToken']>>;
const today = todayInSaoPaulo();
const limite = ultimoVencimentoAceito(today);

beforeAll(async () => {
  t = await createTestApp();
  const empresa = await createEmpresa(t.database.db, { qtd_max_parcelas: 6 });
  loja = await t.userWithToken({ nivel: NIVEL.USUARIO, empresa_id: empresa.id });
  admin = await t.userWithToken({ nivel: NIVEL.ADMINISTRADOR });
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown, token = admin.token) => t.call({ method: 'POST', url, token, payload: body as object });

function expect422(res: Awaited<ReturnType<typeof post>>, errors: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors).toMatchObject(errors);
}

describe('dates checked where they enter (422, Portuguese, nothing written)', () => {
  it('solicitaGarantia from a shop: an instalment in 9999 or past 10 years, out of order; a birth date before 1900', async () => {
    const titulos = (vencimentos: string[]) => vencimentos.map((vencimento, i) => ({ parcela: i + 1, valor: 150.5, vencimento }));
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ qtd_titulos: 2, titulos: titulos([nextMonth(1), '9999-12-31']) }, { 'titulos.1.vencimento': DATE_MSG.vencimentoDistante(limite) }],
      [{ qtd_titulos: 2, titulos: titulos([nextMonth(1), addDays(limite, 1)]) }, { 'titulos.1.vencimento': DATE_MSG.vencimentoDistante(limite) }],
      [{ qtd_titulos: 2, titulos: titulos([nextMonth(2), nextMonth(1)]) }, { 'titulos.1.vencimento': DATE_MSG.vencimentosCrescentes }],
      [{ data_nascimento: '1899-12-31' }, { data_nascimento: DATE_MSG.nascimentoAntigo }],
      [{ data_nascimento: '9999-12-31' }, { data_nascimento: DATE_MSG.nascimentoFuturo }],
    ];
    for (const [over, errors] of cases) {
      const body = payload(over);
      expect422(await post('/api/garantia/solicitaGarantia', body, loja.token), errors);
      expect(await count(t.database.db, sql`select count(*) as n from pessoa where cpf_cnpj = ${String(body.cpf_cnpj)}`)).toBe(0);
    }
    // the last day accepted is accepted
    const ok = await post('/api/garantia/solicitaGarantia', payload({ qtd_titulos: 2, titulos: titulos([nextMonth(1), limite]) }), loja.token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('Acerto de Atendimento / Atualizar (POST /api/boleto/update): 9999-12-31 refused, the boleto unchanged', async () => {
    const empresa = await createEmpresa(t.database.db);
    const g = await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: loja.user.id, status: 'APROVADO', libera_boleto: 'S' });
    const [b] = g.boletos;
    expect422(await post(`/api/boleto/update/${b.id}`, { vencimento: '9999-12-31', valor: 100 }), { vencimento: DATE_MSG.vencimentoDistante(limite) });
    expect422(await post(`/api/boleto/update/${b.id}`, { vencimento: addDays(today, -1), valor: 100 }), { vencimento: DATE_MSG.vencimentoPassado });
    const [depois] = await t.database.db.select().from(boleto).where(eq(boleto.id, b.id));
    expect(depois.vencimento).toBe(b.vencimento);
  });

  it('boleto avulso, acordo, agendamento (nota) and antecipação', async () => {
    const avulso = { cpf_cnpj: '52998224725', nome_razao: 'Fulano', cep: '01310100', endereco: 'Rua A', numero: '1', bairro: 'Centro', cidade: 'São Paulo', uf: 'SP', valor: 10 };
    expect422(await post('/api/boletoAvulso/create', { ...avulso, vencimento: '9999-12-31' }), { vencimento: DATE_MSG.vencimentoDistante(limite) });
    expect(await count(t.database.db, sql`select count(*) as n from boleto_avulso`)).toBe(0);

    const acordo = {
      pessoa_id: 1,
      boletoIds: [1],
      qtdParcelas: 2,
      vencimentos: [nextMonth(1), '9999-12-31'],
      valorEntrada: 10,
      desconto: 0,
      valor_sem_juros: 20,
      valor_atualizado: 20,
      totalParcelamento: 20,
      parcelas: [
        { parcela: 1, vencimento: nextMonth(1), valor: 10 },
        { parcela: 2, vencimento: '9999-12-31', valor: 10 },
      ],
    };
    expect422(await post('/api/acordo/create', acordo), { 'vencimentos.1': DATE_MSG.vencimentoDistante(limite), 'parcelas.1.vencimento': DATE_MSG.vencimentoDistante(limite) });
    expect422(await post('/api/pessoa/createNote', { pessoa_id: 1, data: '9999-12-31', descricao: 'ligar' }), { data: DATE_MSG.foraDoIntervalo });
    const antecipacao = {
      data_simulacao: '9999-12-31',
      boletos: [{ id: 1, valor: 10, vencimento: '9999-12-31', prorata: 1 }],
      totais: { qtd_boletos: 1, total_boletos: 10, total_prorata: 1, total_taxa_antecipacao: 0, taxa_basica: 0, total_antecipacao: 9 },
    };
    expect422(await post('/api/relatorio/createAntecipacao', antecipacao, loja.token), { data_simulacao: DATE_MSG.foraDoIntervalo });
  });

  it('a boleto stored due 9999-12-31 before the checks: its slip answers 409 with the reason, never a barcode of another day', async () => {
    await seedContaCobranca(t.database.db);
    const empresa = await createEmpresa(t.database.db);
    const g = await createGarantia(t.database.db, { empresa_id: empresa.id, usuario_id: loja.user.id, status: 'APROVADO', libera_boleto: 'S' });
    const [b] = g.boletos;
    await t.database.db.execute(sql`update boleto set vencimento = '9999-12-31' where id = ${b.id}`);
    // releasing numbers the others and refuses this one (409), as printing does
    const release = await t.database.db.transaction((tx) => issueBoletosOnRelease(tx, g.garantia.id, { id: admin.user.id, ip: null })).catch((err: Error) => err);
    expect(release).toBeInstanceOf(Error);
    expect((release as Error).message).toMatch(/só representa vencimentos de|13\/10\/2049/);
    const slip = await t.call({ method: 'GET', url: `/api/boleto/getBoleto/${b.id}`, token: admin.token });
    expect(slip.statusCode).not.toBe(200);
    expect(slip.statusCode).toBeLessThan(500);
  });
});
