import { and, eq } from 'drizzle-orm';
import {
  addDays,
  addMonthsClamped,
  completeCpf,
  defaultSettlementDueDates,
  fromCents,
  simulateSettlement,
  spcAvisoTexto,
  formatBRL,
  formatProtocol,
  todayInSaoPaulo,
  toCents,
  type BoletoAction,
} from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { acordoParcela, agendamento, empresa, mensagemOutbox, pessoa, pessoaTelefone, pessoaVisao, spcInclusao, usuario } from '../db/schema/index.js';
import { createGarantia, createPessoa } from '../factories/garantia.js';
import { localBureau } from '../adapters/bureau/local-bureau.js';
import type { Actor } from '../shared/actor.js';
import { changeSituacao } from '../modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';
import { createAcordo } from '../modules/cobranca/create-acordo.js';
import { baixarParcela } from '../modules/cobranca/baixar-parcela.js';

/**
 * Demo data of Cobrança (after the boletos seed, which already leaves Roberto Carlos Mendes and
 * Fernanda Lima Costa with overdue boletos): three more defaulters —
 * - Juliana Pereira Santos: QUITADO, GARANTIDO and ENVIADO PARA REGISTRO boletos overdue plus one
 *   due today, four phones and a schedule for today (the "Novo Acordo" showcase);
 * - Renan Batista Coelho: two overdue boletos, one in the SPC with its prior notice sent;
 * - Patrícia Alves Moreira: an acordo over her 2 overdue boletos, 3 instalments with a discount,
 *   made by the real use-case, the first paid (ATIVO), and a schedule already done.
 */
export async function seedCobranca(db: DbOrTx) {
  const [loja] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Loja Demo'));
  const [lojaUser] = await db.select().from(usuario).where(eq(usuario.login, 'loja'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  if (!loja || !lojaUser || !admin) return;
  const today = todayInSaoPaulo();
  const actor: Actor = { id: admin.id, nivel: '2', empresa_id: null, name: admin.name, ip: null };

  /** A released guarantee (3 months ago) whose boletos walk the given paths; the first ones are overdue. */
  const inadimplente = async (nome: string, cpfBase: string, parcelas: number[], paths: BoletoAction[][]) => {
    const pessoaId = await findOrCreatePessoa(db, nome, cpfBase);
    const g = await createGarantia(db, {
      empresa_id: loja.id, usuario_id: lojaUser.id, pessoa_id: pessoaId, status: 'APROVADO', libera_boleto: 'S', parcelas,
      primeiroVencimento: addMonthsClamped(today, -parcelas.length + 1), data: new Date(Date.now() - 110 * 86_400_000),
    });
    await issueBoletosOnRelease(db, g.garantia.id, actor);
    for (const [i, b] of g.boletos.entries()) for (const a of paths[i] ?? []) await changeSituacao(db, b.id, a, actor, 'dados de demonstração');
    return { pessoaId, boletos: g.boletos };
  };
  const registrado: BoletoAction[] = ['remessa', 'confirmarEntrada'];

  // Juliana: 3 overdue (QUITADO by the guarantor, GARANTIDO, ENVIADO PARA REGISTRO) + 1 due today
  const juliana = await inadimplente('Juliana Pereira Santos', '318274650', [21990, 21990, 21990, 21990], [[...registrado, 'quitar'], registrado, ['remessa'], registrado]);
  // the Loja's second phone, and two the collections team found (the administradores' view, decision 104)
  await db.update(pessoaVisao).set({ telefone2: '1133224455' }).where(and(eq(pessoaVisao.pessoa_id, juliana.pessoaId), eq(pessoaVisao.empresa_id, loja.id)));
  await db.insert(pessoaTelefone).values([
    { pessoa_id: juliana.pessoaId, empresa_id: null, telefone: '11955554444', contato: 'Irmã (Camila)', usuario_id: admin.id },
    { pessoa_id: juliana.pessoaId, empresa_id: null, telefone: '11944443333', contato: 'Trabalho', usuario_id: admin.id },
  ]);
  await db.insert(agendamento).values({ pessoa_id: juliana.pessoaId, data: today, descricao: 'Ligar após as 14h para propor acordo em 3 parcelas.', usuario_id: admin.id });

  // Renan: 2 overdue GARANTIDO boletos, the older one in the SPC (notice sent first, CDC art. 43 § 2º)
  const renan = await inadimplente('Renan Batista Coelho', '629184370', [54000, 54000, 54000], [registrado, registrado, registrado]);
  const [p] = await db.select().from(pessoa).where(eq(pessoa.id, renan.pessoaId));
  const [visao] = await db.select().from(pessoaVisao).where(and(eq(pessoaVisao.pessoa_id, renan.pessoaId), eq(pessoaVisao.empresa_id, loja.id)));
  const b = renan.boletos[0];
  const aviso = spcAvisoTexto({
    nome: p.nome_razao, cpfCnpj: p.cpf_cnpj, credor: 'Boleto Garantido Serviços Financeiros Ltda', loja: loja.fantasia,
    protocolo: formatProtocol(b.id, b.digito), parcela: b.parcela, vencimento: b.vencimento, valorCents: toCents(b.valor), inclusaoEm: addDays(today, -2),
  });
  const [msg] = await db
    .insert(mensagemOutbox)
    .values({ channel: 'whatsapp', recipient: visao?.telefone1 ?? '11987654321', subject: aviso.subject, text: aviso.text, status: 'sent', attempts: 1, sent_at: new Date(), entity: 'boleto', entity_id: String(b.id), created_by: admin.id })
    .returning({ id: mensagemOutbox.id });
  const { protocolo } = await localBureau().incluirSpc(db, { cpf_cnpj: p.cpf_cnpj, boleto_id: b.id, valor_cents: toCents(b.valor), vencimento: b.vencimento });
  const [spc] = await db
    .insert(spcInclusao)
    .values({ cpf_cnpj: p.cpf_cnpj, pessoa_id: p.id, boleto_id: b.id, status: 'ATIVA', protocolo, incluido_por: admin.id, valor: b.valor, vencimento: b.vencimento, aviso_mensagem_id: msg.id, aviso_em: new Date(Date.now() - 12 * 86_400_000), inclusao_prevista: addDays(today, -2) })
    .returning({ id: spcInclusao.id });
  await db.update(mensagemOutbox).set({ entity: 'spc_inclusao', entity_id: String(spc.id) }).where(eq(mensagemOutbox.id, msg.id));

  // Patrícia: an acordo over her 2 overdue boletos, 3 instalments with a discount, the first one paid
  const patricia = await inadimplente('Patrícia Alves Moreira', '740392816', [38000, 38000, 38000], [registrado, [...registrado, 'quitar'], registrado]);
  const cobertos = patricia.boletos.filter((x) => x.vencimento < today);
  const qtd = 3;
  const vencimentos = defaultSettlementDueDates(today, qtd);
  const sim = simulateSettlement({
    boletos: cobertos.map((x) => ({ amountCents: toCents(x.valor), dueDate: x.vencimento })), today, installments: qtd, dueDates: vencimentos, firstAmountCents: 20000, discountCents: 1000,
  });
  const acordo = await createAcordo(db, actor, {
    pessoa_id: patricia.pessoaId,
    boletoIds: cobertos.map((x) => x.id),
    qtdParcelas: qtd,
    vencimentos,
    valorEntrada: 200,
    desconto: 10,
    valor_sem_juros: fromCents(sim.baseCents),
    valor_atualizado: fromCents(sim.updatedCents),
    totalParcelamento: fromCents(sim.totalCents),
    parcelas: sim.installments.map((q) => ({ parcela: q.number, vencimento: q.dueDate, valor: fromCents(q.amountCents) })),
  }, today);
  const [primeira] = await db.select({ id: acordoParcela.id }).from(acordoParcela).where(eq(acordoParcela.acordo_id, acordo.id)).orderBy(acordoParcela.parcela).limit(1);
  // the first instalment does not settle the acordo, so no job is enqueued: the seed has no queue
  await baixarParcela(db, { enqueue: async () => null, wake: () => undefined }, actor, primeira.id);
  await db.insert(agendamento).values({
    pessoa_id: patricia.pessoaId, data: today, descricao: `Confirmar o pagamento da entrada (${formatBRL(sim.installments[0].amountCents)}).`,
    usuario_id: admin.id, status: 'REALIZADO', realizado_em: new Date(), realizado_por: admin.id,
  });
}

async function findOrCreatePessoa(db: DbOrTx, nome: string, cpfBase: string): Promise<number> {
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.nome_razao, nome));
  if (found) return found.id;
  return (await createPessoa(db, { nome_razao: nome, cpf_cnpj: completeCpf(cpfBase) })).id;
}
