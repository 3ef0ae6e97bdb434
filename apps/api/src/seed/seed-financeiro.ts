import { and, eq, inArray } from 'drizzle-orm';
import { addDays, completeCnpj, completeCpf, fromCents, inicioDoMes, mesAtual, somaMeses, todayInSaoPaulo, type BoletoAction, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { boletoHistorico, consultaDocumento, empresa, pessoa, usuario } from '../db/schema/index.js';
import { createEmpresa } from '../factories/foundation.js';
import { createGarantia, createPessoa } from '../factories/garantia.js';
import type { Actor } from '../shared/actor.js';
import { changeSituacao } from '../modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';
import { advanceEmpresa } from '../modules/antecipacao/advance-empresa.js';
import { simulateForEmpresa } from '../modules/antecipacao/advance-simulation.js';
import { createAntecipacao } from '../modules/antecipacao/create-antecipacao.js';
import { aprovarAntecipacao } from '../modules/antecipacao/aprovar-antecipacao.js';
import { postConsulta } from '../modules/ledger/post-servicos.js';

/**
 * Demo data of Financeiro (runs after the boletos seed): the Loja Demo (antecipa S, simula_venda
 * S) gets one advance APROVADA and one EM ANÁLISE, both made by the real use-cases, plus GARANTIDO
 * boletos still to come that are in no advance, so "Simulação da Antecipação" has something to
 * offer. Faturamento gets real movements in the current and the previous month: liquidações and
 * baixas dated in the boletos' history, the Loja Demo's document lookups (consultas), and an
 * empresa exempt from fees ("Parceira Isenta Demo") whose receita is R$ 0,00.
 */
export async function seedFinanceiro(db: DbOrTx) {
  const [loja] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Loja Demo'));
  const [lojaUser] = await db.select().from(usuario).where(eq(usuario.login, 'loja'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  if (!loja || !lojaUser || !admin) return;
  const today = todayInSaoPaulo();
  const adminActor: Actor = { id: admin.id, nivel: '2', empresa_id: null, name: admin.name, ip: null };
  const lojaActor: Actor = { id: lojaUser.id, nivel: '1', empresa_id: loja.id, name: lojaUser.name, ip: null };
  const base = { empresa_id: loja.id, usuario_id: lojaUser.id };

  /** A released guarantee whose boletos walked remessa → entrada confirmada (GARANTIDO). */
  const garantidos = async (nome: string, cpfBase: string, parcelas: number[], primeiroVencimento: IsoDate, paths: BoletoAction[][] = [], data = new Date(Date.now() - 20 * 86_400_000), datasDoDinheiro: IsoDate[] = []) => {
    const g = await createGarantia(db, { ...base, pessoa_id: await findOrCreatePessoa(db, nome, cpfBase), status: 'APROVADO', libera_boleto: 'S', parcelas, primeiroVencimento, data });
    await issueBoletosOnRelease(db, g.garantia.id, adminActor);
    for (const [i, b] of g.boletos.entries()) {
      // the ledger dates the money by the business day given (a liquidação's data de crédito)
      const money = datasDoDinheiro[i] ? { data: datasDoDinheiro[i] } : {};
      for (const action of ['remessa', 'confirmarEntrada', ...(paths[i] ?? [])] as BoletoAction[]) await changeSituacao(db, b.id, action, adminActor, 'dados de demonstração', {}, money);
    }
    return g;
  };
  /** Simulates the shop's advance as the screen does and sends the figures it showed. */
  const requestAdvance = async () => {
    const emp = await advanceEmpresa(db, lojaActor);
    const { simulation } = await simulateForEmpresa(db, emp, today);
    if (!simulation) return null;
    const t = simulation.totals;
    return createAntecipacao(db, lojaActor, {
      data_simulacao: t.dataSimulacao,
      boletos: simulation.boletos.map((b) => ({ id: b.id, valor: fromCents(b.amountCents), vencimento: b.dueDate, prorata: fromCents(b.prorataCents) })),
      totais: {
        qtd_boletos: t.qtdBoletos,
        total_boletos: fromCents(t.totalBoletosCents),
        total_prorata: fromCents(t.totalProrataCents),
        total_taxa_antecipacao: fromCents(t.totalTaxaAntecipacaoCents),
        taxa_basica: fromCents(t.taxaBasicaCents),
        total_antecipacao: fromCents(t.totalAntecipacaoCents),
      },
    }, today);
  };

  // APROVADA: every GARANTIDO boleto to come at this point (the receipts customer's next one too).
  await garantidos('Marcos Vinícius Teixeira', '735192846', [42000, 42000], addDays(today, 20));
  const aprovada = await requestAdvance();
  if (aprovada) await aprovarAntecipacao(db, adminActor, aprovada.id);
  // EM ANÁLISE: waiting for the administrador.
  await garantidos('Juliana Castro Almeida', '628473915', [27500, 27500], addDays(today, 25));
  await requestAdvance();
  // Still free to advance: what the shop's "Simulação da Antecipação" offers.
  await garantidos('Patrícia Gomes Ribeiro', '391847562', [31000, 31000, 31000], addDays(today, 15));

  // Faturamento of the previous month: two liquidações and one baixa, dated in that month.
  const anterior = somaMeses(mesAtual(today), -1);
  const diaAnterior = (dia: number, hora = '14:00') => new Date(`${inicioDoMes(anterior).slice(0, 8)}${String(dia).padStart(2, '0')}T${hora}:00-03:00`);
  const diaDoMes = (dia: number) => addDays(inicioDoMes(anterior), dia - 1);
  const passado = await garantidos('Carlos Eduardo Nogueira', '582736491', [55000, 38000, 61000], addDays(inicioDoMes(anterior), 4), [['liquidar'], ['baixar', 'confirmarBaixa'], ['liquidar']], diaAnterior(1, '09:00'), [diaDoMes(8), diaDoMes(12), diaDoMes(18)]);
  for (const [i, b] of passado.boletos.entries()) {
    // the whole history in that month: registered on day 2, paid on days 8, 13 and 18
    await db.update(boletoHistorico).set({ created_at: diaAnterior(2) }).where(eq(boletoHistorico.boleto_id, b.id));
    await db.update(boletoHistorico).set({ created_at: diaAnterior(7 + i * 5) }).where(and(eq(boletoHistorico.boleto_id, b.id), eq(boletoHistorico.para, 'ENVIADO PARA BAIXA')));
    await db
      .update(boletoHistorico)
      .set({ created_at: diaAnterior(8 + i * 5) })
      .where(and(eq(boletoHistorico.boleto_id, b.id), inArray(boletoHistorico.para, ['LIQUIDADO', 'BAIXADO'])));
  }

  // The Loja Demo's document lookups: consultas billed in the previous and the current month.
  const lookups = [...[3, 9, 17, 24].map((d) => diaAnterior(d, '10:30')), new Date(), new Date(), new Date()];
  for (const created_at of lookups) {
    const [c] = await db
      .insert(consultaDocumento)
      .values({ cpf_cnpj: completeCpf('529982247'), usuario_id: lojaUser.id, empresa_id: loja.id, motivo: 'solicitacao_garantia', status: 200, created_at })
      .returning({ id: consultaDocumento.id });
    await postConsulta(db, { consultaId: c.id, empresaId: loja.id, createdAt: created_at });
  }

  // An empresa exempt from fees: its liquidação this month leaves a receita of R$ 0,00.
  const isenta = await createEmpresa(db, {
    cnpj: completeCnpj('628174930001'),
    razao: 'Parceira Isenta Demo Comércio Ltda',
    fantasia: 'Parceira Isenta Demo',
    mensalidade: '0',
    valor_consulta: '0',
  });
  const g = await createGarantia(db, { empresa_id: isenta.id, usuario_id: admin.id, pessoa_id: await findOrCreatePessoa(db, 'Renata Dias Fonseca', '473829165'), status: 'APROVADO', libera_boleto: 'S', parcelas: [24990], primeiroVencimento: addDays(today, -3) });
  await issueBoletosOnRelease(db, g.garantia.id, adminActor);
  for (const action of ['remessa', 'confirmarEntrada', 'liquidar'] as BoletoAction[]) await changeSituacao(db, g.boletos[0].id, action, adminActor, 'dados de demonstração');
}

async function findOrCreatePessoa(db: DbOrTx, nome: string, cpfBase: string): Promise<number> {
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.nome_razao, nome));
  if (found) return found.id;
  return (await createPessoa(db, { nome_razao: nome, cpf_cnpj: completeCpf(cpfBase) })).id;
}
