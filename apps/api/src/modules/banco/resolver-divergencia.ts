import { and, eq, sql } from 'drizzle-orm';
import { toCents, todayInSaoPaulo, type Situacao } from '@bg/domain';
import { BankError, type BankCall, type BankTituloState } from '../../adapters/bank/bank-adapter.js';
import { UnsupportedBankError } from '../../adapters/bank/choose-bank-adapter.js';
import type { Db, Tx } from '../../db/client.js';
import { bancoDivergencia, bancoRegistro, boleto } from '../../db/schema/index.js';
import { AppError, wrongState } from '../../errors/app-error.js';
import type { BankServices } from '../../services.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { assertAdmin } from '../tenancy/access.js';
import { applyBankMovements } from './apply-bank-movements.js';
import { isPayable } from './conciliar-judge.js';
import { adapterOf, contaById } from './conta-banco.js';
import { ACOES_POR_TIPO, type DivergenciaAcao } from './divergencia-acoes.js';
import { applySettlement } from './process-webhook.js';
import { storeCalls } from './sync-conta.js';

type Divergencia = typeof bancoDivergencia.$inferSelect;

const JA_RESOLVIDA = 'Esta diferença já foi resolvida.';

/**
 * POST /api/banco/conciliacao/resolver/{id} (administrador): one click on a finding of Conciliação.
 *  - APLICAR_PAGAMENTO: the bank is asked for the title now; its settlement is applied as the
 *    webhook applies it (applySettlement); refused when the bank no longer says it is paid;
 *  - MARCAR_REGISTRADO: the bank is asked for the title; our registration becomes REGISTRADO with
 *    the bank's lines and the "entrada confirmada" enters as sync-conta enters it;
 *  - REENVIAR_REGISTRO: the registration is sent again on the next sync (asking the bank first);
 *  - DESCARTAR: closed with the admin's name, nothing else changes.
 * The bank is called outside any transaction; then one transaction locks the finding, checks it is
 * still open (a second click, or two admins at once, change state once: the other gets 409), does
 * the work and records the audit entry.
 */
export async function resolverDivergencia(db: Db, bank: BankServices, actor: Actor, id: number, acao: DivergenciaAcao): Promise<string> {
  assertAdmin(actor);
  const d = await findingOf(db, id);
  if (d.estado !== 'ABERTA') throw wrongState(JA_RESOLVIDA);
  if (!ACOES_POR_TIPO[d.tipo].includes(acao)) throw wrongState('Esta ação não se aplica a esta diferença.');

  const calls: BankCall[] = [];
  const asked = acao === 'APLICAR_PAGAMENTO' || acao === 'MARCAR_REGISTRADO' ? await askBank(db, bank, d, calls) : null;

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bancoDivergencia).where(eq(bancoDivergencia.id, id)).for('update');
    await storeCalls(tx, d.conta_cobranca_id, d.boleto_id, calls);
    if (locked?.estado !== 'ABERTA') throw wrongState(JA_RESOLVIDA);
    let resolucao: string;
    switch (acao) {
      case 'APLICAR_PAGAMENTO':
        resolucao = await aplicarPagamento(tx, d, asked, actor);
        break;
      case 'MARCAR_REGISTRADO':
        resolucao = await marcarRegistrado(tx, d, asked, actor);
        break;
      case 'REENVIAR_REGISTRO':
        resolucao = await reenviarRegistro(tx, d, actor);
        break;
      case 'DESCARTAR':
        resolucao = `Descartada por ${actor.name}`;
        break;
    }
    await tx
      .update(bancoDivergencia)
      .set({ estado: 'RESOLVIDA', resolucao: resolucao.slice(0, 300), resolvida_por: actor.id, resolvida_em: sql`now()` })
      .where(and(eq(bancoDivergencia.id, id), eq(bancoDivergencia.estado, 'ABERTA')));
    await recordAudit(tx, actor, { action: 'banco.conciliacao.resolver', entity: 'banco_divergencia', entityId: id, summary: { acao, tipo: d.tipo, numero_banco: d.numero_banco, boleto_id: d.boleto_id, resolucao } });
    return resolucao;
  });
}

async function findingOf(db: Db, id: number): Promise<Divergencia> {
  const [d] = await db.select().from(bancoDivergencia).where(eq(bancoDivergencia.id, id));
  if (!d) throw new AppError('NOT_FOUND', 'Diferença não encontrada.');
  return d;
}

/** The title as the bank holds it now (null: unknown to the bank); the bank's failure is the operator's sentence. */
async function askBank(db: Db, bank: BankServices, d: Divergencia, calls: BankCall[]): Promise<BankTituloState | null> {
  const conta = await contaById(db, d.conta_cobranca_id);
  if (!conta || conta.modo !== 'API') throw wrongState('A conta de cobrança desta diferença não trabalha mais por API.');
  try {
    return await adapterOf(bank, conta).get(d.numero_banco, (c) => void calls.push(c));
  } catch (e) {
    if (e instanceof UnsupportedBankError) throw wrongState(e.message);
    if (e instanceof BankError) throw new AppError(e.kind === 'INDISPONIVEL' ? 'UNAVAILABLE' : 'WRONG_STATE', e.message);
    throw e;
  }
}

async function lockedBoleto(tx: Tx, d: Divergencia) {
  if (d.boleto_id === null) throw wrongState('Esta diferença não tem boleto aqui.');
  const [b] = await tx.select({ id: boleto.id, situacao: boleto.situacao, nosso_numero: boleto.nosso_numero, valor: boleto.valor }).from(boleto).where(eq(boleto.id, d.boleto_id)).for('update');
  if (!b) throw wrongState('O boleto desta diferença não existe mais.');
  return { ...b, situacao: b.situacao as Situacao | null };
}

async function aplicarPagamento(tx: Tx, d: Divergencia, state: BankTituloState | null, actor: Actor): Promise<string> {
  if (!state?.pagamento) throw wrongState('O banco não informa mais pagamento para este título: nada foi aplicado.');
  const b = await lockedBoleto(tx, d);
  if (b.situacao === 'LIQUIDADO') return `Pagamento já estava aplicado (conferido por ${actor.name})`;
  if (!isPayable(b.situacao)) throw wrongState(`O boleto está ${b.situacao ?? 'aguardando liberação'}: o pagamento não pode ser aplicado a ele.`);
  await applySettlement(tx, d.conta_cobranca_id, b.id, Number(b.nosso_numero), state.pagamento, 'conciliação');
  const [after] = await tx.select({ situacao: boleto.situacao }).from(boleto).where(eq(boleto.id, b.id));
  if (after?.situacao !== 'LIQUIDADO') throw wrongState('O pagamento deste título já foi registrado antes sem liquidar o boleto: confira o histórico do boleto.');
  return `Pagamento aplicado por ${actor.name}`;
}

async function marcarRegistrado(tx: Tx, d: Divergencia, state: BankTituloState | null, actor: Actor): Promise<string> {
  if (!state) throw wrongState('O banco não conhece este título: ele não pode ser marcado como registrado.');
  const b = await lockedBoleto(tx, d);
  const [r] = await tx.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, b.id)).for('update');
  if (!r) throw wrongState('Este boleto não tem registro por API.');
  if (r.estado === 'REGISTRADO') return `Registro já estava confirmado (conferido por ${actor.name})`;
  await tx
    .update(bancoRegistro)
    .set({
      estado: 'REGISTRADO',
      numero_banco: d.numero_banco,
      registrado_em: sql`now()`,
      linha_digitavel: state.linhaDigitavel ?? r.linha_digitavel,
      codigo_barras: state.codigoBarras ?? r.codigo_barras,
      ultimo_erro: null,
      valor_enviado: r.valor_enviado ?? b.valor,
      updated_at: sql`now()`,
    })
    .where(eq(bancoRegistro.boleto_id, b.id));
  // never sent from here (PENDENTE, or refused back to DISPONÍVEL): it was, since the bank has it
  if (b.situacao === 'DISPONÍVEL PARA PAGAMENTO') await changeSituacao(tx, b.id, 'remessa', actor, 'Registro confirmado pela conciliação com o banco');
  await applyBankMovements(
    tx,
    d.conta_cobranca_id,
    [{ movimento: '02', descricao: 'Entrada confirmada (conciliação)', sequencial: Number(b.nosso_numero), numeroBanco: d.numero_banco, dataOcorrencia: state.registradoEm ?? todayInSaoPaulo(), valorTituloCents: toCents(b.valor) }],
    { id: actor.id, ip: null },
  );
  return `Marcado como registrado por ${actor.name}`;
}

async function reenviarRegistro(tx: Tx, d: Divergencia, actor: Actor): Promise<string> {
  const b = await lockedBoleto(tx, d);
  const [r] = await tx.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, b.id)).for('update');
  if (!r) throw wrongState('Este boleto não tem registro por API.');
  if (b.situacao !== 'DISPONÍVEL PARA PAGAMENTO' && b.situacao !== 'ENVIADO PARA REGISTRO' && b.situacao !== 'GARANTIDO' && b.situacao !== 'QUITADO') {
    throw wrongState(`O boleto está ${b.situacao ?? 'aguardando liberação'}: não há registro a reenviar.`);
  }
  // A boleto still DISPONÍVEL goes back to PENDENTE (sent as new); one already past the registration
  // goes to ENVIANDO — the sync asks the bank for it first and sends it only if the bank still does
  // not know it (a PENDENTE row of a boleto that is no longer DISPONÍVEL is dropped by the sync).
  const estado = b.situacao === 'DISPONÍVEL PARA PAGAMENTO' ? 'PENDENTE' : 'ENVIANDO';
  await tx
    .update(bancoRegistro)
    .set({ estado, registrado_em: null, tentativas: 0, proxima_tentativa: sql`now()`, solicitado_em: sql`now()`, ultimo_erro: null, updated_at: sql`now()` })
    .where(eq(bancoRegistro.boleto_id, b.id));
  return `Registro reenviado ao banco por ${actor.name}`;
}
