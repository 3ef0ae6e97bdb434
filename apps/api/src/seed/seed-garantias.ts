import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { addMonthsClamped, completeCpf, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { boleto, empresa, garantia, pessoa, usuario } from '../db/schema/index.js';
import { createGarantia, createPessoa } from '../factories/garantia.js';
import { changeSituacao } from '../modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * Demo guarantees of the Loja Demo in every status (runs after seedCadastros, before the boletos
 * seed): two PENDENTE, APROVADO not released (PRÉ APROVADO), APROVADO released (through
 * issueBoletosOnRelease, like the real button), NÃO AUTORIZADO with motivo and observação, and
 * CANCELADO; plus an older, fully paid guarantee so "Boletos Anteriores" and the analytic query
 * have history to show. People come from the cadastros seed when present.
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
  const novo = await createPessoa(db, {
    cpf_cnpj: completeCpf('264815937'),
    nome_razao: 'Rafael Gomes Teixeira',
    data_nascimento: '1999-09-09',
    telefone1: '21991234567',
    ocupacao: 'Autônomo',
    renda: '1200.00',
  });
  const base = { empresa_id: loja.id, usuario_id: lojaUser.id };
  const today = todayInSaoPaulo();
  const decided = (id: number, extra: PgUpdateSetSource<typeof garantia> = {}) =>
    db.update(garantia).set({ decidido_por: admin.id, decidido_em: sql`data + interval '2 hours'`, ...extra }).where(eq(garantia.id, id));

  // Older guarantee of the first person, fully paid: history for Boletos Anteriores and the score.
  const pago = await createGarantia(db, { ...base, pessoa_id: people[0].id, status: 'APROVADO', libera_boleto: 'S', situacao: 'LIQUIDADO', parcelas: [30000, 30000], primeiroVencimento: addMonthsClamped(today, -8), data: daysAgo(290) });
  await decided(pago.garantia.id, { liberado_por: admin.id, liberado_em: sql`data + interval '3 hours'` });

  await createGarantia(db, { ...base, pessoa_id: people[0].id, parcelas: [45000, 45000, 45000], data: daysAgo(1) });
  await createGarantia(db, { ...base, pessoa_id: people[3].id, parcelas: [120000, 120000, 120000, 120000], data: daysAgo(0) });

  const preAprovada = await createGarantia(db, { ...base, pessoa_id: people[1].id, status: 'APROVADO', parcelas: [80000, 80000], data: daysAgo(3) });
  await decided(preAprovada.garantia.id);

  const liberada = await createGarantia(db, { ...base, pessoa_id: people[2].id, status: 'APROVADO', parcelas: [35000, 35000, 35000], data: daysAgo(6) });
  await decided(liberada.garantia.id, { libera_boleto: 'S', liberado_por: admin.id, liberado_em: sql`data + interval '3 hours'` });
  await issueBoletosOnRelease(db, liberada.garantia.id, actor);

  const negada = await createGarantia(db, {
    ...base,
    pessoa_id: novo.id,
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
}

async function cancelBoletos(db: DbOrTx, garantiaId: number, actor: { id: number; ip: null }, motivo: string) {
  const rows = await db.select({ id: boleto.id }).from(boleto).where(eq(boleto.garantia_id, garantiaId)).orderBy(asc(boleto.parcela));
  for (const b of rows) await changeSituacao(db, b.id, 'cancelarNaoLiberado', actor, motivo);
}
