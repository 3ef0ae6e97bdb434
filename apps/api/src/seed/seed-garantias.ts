import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { addMonthsClamped, completeCpf, todayInSaoPaulo, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { boleto, boletoHistorico, empresa, garantia, pessoa, usuario } from '../db/schema/index.js';
import { createTelefone } from '../factories/cadastros.js';
import { createGarantia, createPessoa, type PessoaDadosInput } from '../factories/garantia.js';
import { changeSituacao } from '../modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';
import { postBoletoTransition } from '../modules/ledger/post-boleto-transition.js';
import { DEMO_PEOPLE } from './seed-cadastros.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * Demo guarantees of the Loja Demo in every status (runs after seedCadastros, before the boletos
 * seed): two PENDENTE, APROVADO not released (PRÉ APROVADO), APROVADO released (through
 * issueBoletosOnRelease, like the real button), NÃO AUTORIZADO with motivo and observação, and
 * CANCELADO; plus an older, fully paid guarantee so "Boletos Anteriores" and the analytic query
 * have history to show. People come from the cadastros seed when present, with what the Loja typed
 * about them (its view, decision 104) and its extra phones. João Pedro Almeida is also a customer
 * of the Ótica Visão Clara, which typed another name and phone: a person shared by two shops of the
 * same franchise, each seeing its own view, the franqueado both, the administrador the divergence.
 */
export async function seedGarantias(db: DbOrTx) {
  const [loja] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Loja Demo'));
  const [lojaUser] = await db.select().from(usuario).where(eq(usuario.login, 'loja'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  if (!loja || !lojaUser || !admin) return;
  const actor = { id: admin.id, ip: null };

  const known = await db.select().from(pessoa).orderBy(asc(pessoa.id)).limit(4);
  const people = [...known];
  while (people.length < 4) people.push(await createPessoa(db));
  const novo = await createPessoa(db, { cpf_cnpj: completeCpf('264815937'), nome_razao: 'Rafael Gomes Teixeira', data_nascimento: '1999-09-09' });
  const dadosDe = (p: { cpf_cnpj: string }): PessoaDadosInput | undefined => DEMO_PEOPLE.find((d) => d.cpf_cnpj === p.cpf_cnpj)?.dados;
  const base = { empresa_id: loja.id, usuario_id: lojaUser.id };
  const today = todayInSaoPaulo();
  const decided = (id: number, extra: PgUpdateSetSource<typeof garantia> = {}) =>
    db.update(garantia).set({ decidido_por: admin.id, decidido_em: sql`data + interval '2 hours'`, ...extra }).where(eq(garantia.id, id));

  // Older guarantee of the first person, fully paid: history for Boletos Anteriores and the score.
  const pago = await createGarantia(db, { ...base, pessoa_id: people[0].id, dados: dadosDe(people[0]), status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', parcelas: [30000, 30000], primeiroVencimento: addMonthsClamped(today, -8), data: daysAgo(290) });
  await decided(pago.garantia.id, { liberado_por: admin.id, liberado_em: sql`data + interval '3 hours'` });
  // inserted LIQUIDADO, so no use-case moved them: their history and the bank's payment (on the due
  // date, at face value) are recorded here, as the retorno would have (the ledger must reconcile)
  for (const b of pago.boletos) {
    await db.insert(boletoHistorico).values({ boleto_id: b.id, de: 'GARANTIDO', para: 'LIQUIDADO', motivo: 'dados de demonstração', usuario_id: admin.id, created_at: new Date(`${b.vencimento}T12:00:00-03:00`) });
    await postBoletoTransition(db, b.id, 'liquidar', admin.id, { data: b.vencimento as IsoDate });
  }

  await createGarantia(db, { ...base, pessoa_id: people[0].id, parcelas: [45000, 45000, 45000], data: daysAgo(1) });
  await createGarantia(db, { ...base, pessoa_id: people[3].id, dados: dadosDe(people[3]), parcelas: [120000, 120000, 120000, 120000], data: daysAgo(0) });

  const preAprovada = await createGarantia(db, { ...base, pessoa_id: people[1].id, dados: dadosDe(people[1]), status: 'APROVADO', parcelas: [80000, 80000], data: daysAgo(3) });
  await decided(preAprovada.garantia.id);

  const liberada = await createGarantia(db, { ...base, pessoa_id: people[2].id, dados: dadosDe(people[2]), status: 'APROVADO', parcelas: [35000, 35000, 35000], data: daysAgo(6) });
  await decided(liberada.garantia.id, { libera_boleto: 'S', liberado_por: admin.id, liberado_em: sql`data + interval '3 hours'` });
  await issueBoletosOnRelease(db, liberada.garantia.id, actor);

  const negada = await createGarantia(db, {
    ...base,
    pessoa_id: novo.id,
    dados: { telefone1: '21991234567', ocupacao: 'Autônomo', renda: '1200.00' },
    status: 'NÃO AUTORIZADO',
    parcelas: [60000, 60000, 60000],
    motivo: 'Telefone não localizado ou sem contato',
    observacao: 'Três tentativas de contato sem resposta; referências não confirmaram o cliente.',
    data: daysAgo(9),
  });
  await decided(negada.garantia.id);
  await cancelBoletos(db, negada.garantia.id, actor, 'Garantia não autorizada: Telefone não localizado ou sem contato');

  const cancelada = await createGarantia(db, { ...base, pessoa_id: people[1].id, status: 'CANCELADO', parcelas: [25000, 25000], data: daysAgo(20) });
  await decided(cancelada.garantia.id, { cancelado_por: admin.id, cancelado_em: sql`data + interval '1 day'` });
  await cancelBoletos(db, cancelada.garantia.id, actor, 'Garantia cancelada antes da liberação');

  // the Loja's extra phones of its customers (its view)
  for (const p of people) {
    const telefone = dadosDe(p)?.telefone1 ?? '11987654321';
    await createTelefone(db, { pessoa_id: p.id, empresa_id: loja.id, telefone, contato: 'Próprio', usuario_id: lojaUser.id });
  }
  await createTelefone(db, { pessoa_id: people[0].id, empresa_id: loja.id, telefone: '11955443322', contato: 'Marido (Roberto)', usuario_id: lojaUser.id });

  // a customer shared with the Ótica Visão Clara (same franchise), requested by the administrador for it
  const [otica] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Ótica Visão Clara'));
  if (otica) {
    await createGarantia(db, {
      empresa_id: otica.id, usuario_id: admin.id, pessoa_id: people[1].id, parcelas: [40000, 40000], data: daysAgo(2),
      dados: { ...dadosDe(people[1]), nome_razao: 'Joao P. Almeida', telefone1: '31988776655', numero: '87', ocupacao: 'Contador autônomo', renda: '6500.00' },
    });
    await createTelefone(db, { pessoa_id: people[1].id, empresa_id: otica.id, telefone: '31977665544', contato: 'Escritório', usuario_id: admin.id });
  }
}

async function cancelBoletos(db: DbOrTx, garantiaId: number, actor: { id: number; ip: null }, motivo: string) {
  const rows = await db.select({ id: boleto.id }).from(boleto).where(eq(boleto.garantia_id, garantiaId)).orderBy(asc(boleto.parcela));
  for (const b of rows) await changeSituacao(db, b.id, 'cancelarNaoLiberado', actor, motivo);
}
