import { formatProtocol, protocolCheckDigit, spcAvisoTexto } from '@bg/domain';
import { line } from './loader.js';
import { Rng } from './prng.js';
import { EV, isOpen, isoOf, MAX_EVENTS, S, SIT, state, tsOf, type Plan } from './model.js';
import type { AcordoPlan } from './plan-acordos.js';
import { pessoaNome, pessoaPhone } from './emit-cadastros.js';
import type { Phase } from './phase.js';
import type { Message } from './messages.js';

/** Cobrança: acordos with instalments and replaced boletos, agendamentos, SPC inclusions. */
const money = (cents: number) => (cents / 100).toFixed(2);

export function acordoIds(p: Plan, acordos: AcordoPlan[], phase: Phase): Int32Array {
  const acordoOf = new Int32Array(p.boleto.n);
  for (const a of acordos) {
    const id = phase.ids.next('acordo');
    for (const b of a.boletos) acordoOf[b] = id;
  }
  return acordoOf;
}

export function* acordoLines(p: Plan, acordos: AcordoPlan[], firstId: number) {
  for (const [i, a] of acordos.entries()) {
    const id = firstId + i;
    const protocols = a.boletos.map((b) => formatProtocol(p.boleto.firstId + b, protocolCheckDigit(p.boleto.firstId + b)));
    const inst = a.sim.installments;
    const paid = a.paidDay.filter((d) => d >= 0);
    const created = tsOf(a.day, a.sec);
    const cancel = a.cancelDay >= 0 ? tsOf(a.cancelDay, 11 * 3600) : null;
    const ativado = paid.length ? tsOf(paid[0], 12 * 3600) : null;
    const quitado = a.status === 'QUITADO' ? tsOf(Math.max(...paid), 12 * 3600) : null;
    yield line([
      id, p.pessoa.firstId + a.pessoa, `Acordo de ${a.boletos.length} boleto(s): ${protocols.join(', ')}`.slice(0, 300), a.status,
      money(a.sim.totalCents), money(a.descontoCents), money(a.sim.baseCents), money(a.sim.fineCents), money(a.sim.interestCents), money(a.sim.feeCents),
      money(a.sim.updatedCents), money(inst[0].amountCents), inst.length, inst[inst.length - 1].dueDate, isoOf(a.day), a.user,
      ativado, quitado, cancel, cancel ? a.user : null, created, cancel ?? quitado ?? ativado ?? created,
    ]);
  }
}
export const ACORDO_COLUMNS = ['id', 'pessoa_id', 'descricao', 'status', 'valor', 'desconto', 'valor_sem_juros', 'multa', 'juros', 'taxa', 'valor_atualizado', 'valor_entrada', 'numero_parcelas', 'ultimo_vencimento', 'data_simulacao', 'user_id', 'ativado_em', 'quitado_em', 'data_cancelamento', 'user_cancelamento_id', 'created_at', 'updated_at'];

export function* acordoParcelaLines(acordos: AcordoPlan[], firstId: number, phase: Phase) {
  for (const [i, a] of acordos.entries()) {
    for (const [k, q] of a.sim.installments.entries()) {
      const paid = a.paidDay[k] >= 0;
      const situacao = paid ? 'Paga' : a.status === 'CANCELADO' ? 'Cancelada' : 'Em Aberto';
      yield line([phase.ids.next('acordo_parcela'), firstId + i, q.number, q.dueDate, money(q.amountCents), situacao, paid ? tsOf(a.paidDay[k], 12 * 3600) : null, paid ? a.user : null, tsOf(a.day, a.sec)]);
    }
  }
}
export const ACORDO_PARCELA_COLUMNS = ['id', 'acordo_id', 'parcela', 'vencimento', 'valor', 'situacao', 'pago_em', 'pago_por', 'created_at'];

export function* acordoBoletoLines(p: Plan, acordos: AcordoPlan[], firstId: number) {
  for (const [i, a] of acordos.entries()) {
    for (const [k, b] of a.boletos.entries()) {
      yield line([firstId + i, p.boleto.firstId + b, money(p.boleto.valor[b]), isoOf(p.boleto.venc[b]), a.day - p.boleto.venc[b], SIT[a.anterior[k]], a.status !== 'CANCELADO']);
    }
  }
}
export const ACORDO_BOLETO_COLUMNS = ['acordo_id', 'boleto_id', 'valor', 'vencimento', 'dias_atraso', 'situacao_anterior', 'vigente'];

/** Today's defaulters: pessoa → its oldest overdue open boleto not in a live acordo. */
export function defaulters(p: Plan, acordoOf: Int32Array, acordos: AcordoPlan[], firstAcordoId: number): Map<number, number> {
  const live = new Set(acordos.flatMap((a, i) => (a.status !== 'CANCELADO' ? [firstAcordoId + i] : [])));
  const out = new Map<number, number>();
  for (let b = 0; b < p.boleto.n; b++) {
    if (p.boleto.venc[b] >= p.today || !isOpen(state(p, b)) || live.has(acordoOf[b])) continue;
    const pessoa = p.garantia.pessoa[p.boleto.garantia[b]];
    const prev = out.get(pessoa);
    if (prev === undefined || p.boleto.venc[b] < p.boleto.venc[prev]) out.set(pessoa, b);
  }
  return out;
}

const NOTAS = ['Ligar para negociar as parcelas em atraso.', 'Cliente pediu retorno na próxima semana.', 'Enviar proposta de acordo por WhatsApp.', 'Confirmar pagamento informado pelo cliente.', 'Tentar contato com a referência pessoal.', 'Cliente prometeu pagar até sexta-feira.'];

export function* agendamentoLines(p: Plan, phase: Phase, pessoas: Iterable<[number, number]>) {
  const rng = new Rng(`${p.seed}:agendamentos`);
  const T = p.today;
  for (const [pessoa, oldest] of pessoas) {
    for (let k = rng.int(1, 4); k > 0; k--) {
      const data = Math.min(T + 30, p.boleto.venc[oldest] + rng.int(5, 120));
      const created = Math.min(T, data - rng.int(0, 5));
      const done = data < T && rng.chance(0.85);
      const user = rng.pick(p.admins);
      yield line([phase.ids.next('agendamento'), p.pessoa.firstId + pessoa, isoOf(data), rng.pick(NOTAS), done ? 'REALIZADO' : 'PENDENTE', user, tsOf(created, 9 * 3600 + rng.int(0, 9 * 3600)), done ? tsOf(data, 15 * 3600 + rng.int(0, 3 * 3600)) : null, done ? user : null]);
    }
  }
}
export const AGENDAMENTO_COLUMNS = ['id', 'pessoa_id', 'data', 'descricao', 'status', 'usuario_id', 'created_at', 'realizado_em', 'realizado_por'];

export type SpcPlan = { pessoa: number; boleto: number; day: number; ativa: boolean; removedDay: number; user: number; aviso: Message };

/** SPC: a third of the defaulters 45+ days late are included (prior notice 10 days before); payers who paid very late were excluded. */
export function planSpc(p: Plan, devedores: Map<number, number>): SpcPlan[] {
  const rng = new Rng(`${p.seed}:spc`);
  const out: SpcPlan[] = [];
  const add = (pessoa: number, b: number, day: number, removedDay: number) => {
    const id = p.boleto.firstId + b;
    const aviso = spcAvisoTexto({
      nome: pessoaNome(p, pessoa), cpfCnpj: p.pessoa.docs[pessoa], credor: 'Boleto Garantido Serviços Financeiros Ltda', loja: 'a loja',
      protocolo: formatProtocol(id, protocolCheckDigit(id)), parcela: p.boleto.parcela[b], vencimento: isoOf(p.boleto.venc[b]), valorCents: p.boleto.valor[b], inclusaoEm: isoOf(day),
    });
    const user = rng.pick(p.admins);
    const sent = day - 10;
    out.push({ pessoa, boleto: b, day, ativa: removedDay < 0, removedDay, user, aviso: { day: sent, sec: 10 * 3600 + rng.int(0, 6 * 3600), channel: 'whatsapp', recipient: pessoaPhone(p, pessoa), subject: aviso.subject, text: aviso.text, entity: 'spc_inclusao', entityId: null, link: null, user, id: 0 } });
  };
  for (const [pessoa, b] of devedores) {
    const late = p.today - p.boleto.venc[b];
    if (late > 45 && rng.chance(0.35)) add(pessoa, b, Math.min(p.today, p.boleto.venc[b] + rng.int(45, Math.max(45, late))), -1);
  }
  for (let b = 0; b < p.boleto.n; b++) {
    const g = p.boleto.garantia[b];
    if (!p.pessoa.risk[p.garantia.pessoa[g]]) continue;
    const last = b * MAX_EVENTS + p.boleto.evCount[b] - 1;
    if (p.boleto.evCount[b] && p.boleto.evKind[last] === EV.LIQUIDAR && p.boleto.evTo[last] === S.LIQUIDADO && p.boleto.evDay[last] - p.boleto.venc[b] > 55 && rng.chance(0.3)) {
      add(p.garantia.pessoa[g], b, p.boleto.venc[b] + 46, Math.min(p.today, p.boleto.evDay[last] + rng.int(1, 5)));
    }
  }
  return out.sort((a, b) => a.day - b.day || a.boleto - b.boleto);
}

/** Gives the inclusions their ids (the notices point at them) before the outbox is written. */
export function numberSpc(spc: SpcPlan[], phase: Phase): number {
  const first = phase.ids.current('spc_inclusao') + 1;
  for (const s of spc) s.aviso.entityId = String(phase.ids.next('spc_inclusao'));
  return first;
}

export function* spcLines(p: Plan, spc: SpcPlan[]) {
  const rng = new Rng(`${p.seed}:spc-rows`);
  for (const s of spc) {
    const removed = s.removedDay >= 0;
    yield line([
      Number(s.aviso.entityId), p.pessoa.docs[s.pessoa], p.pessoa.firstId + s.pessoa, p.boleto.firstId + s.boleto, s.ativa ? 'ATIVA' : 'REMOVIDA',
      `SPC-${rng.hex(10).toUpperCase()}`, s.user, tsOf(s.day, 11 * 3600 + rng.int(0, 5 * 3600)), removed ? s.user : null, removed ? tsOf(s.removedDay, 16 * 3600) : null,
      money(p.boleto.valor[s.boleto]), isoOf(p.boleto.venc[s.boleto]), s.aviso.id,
      removed ? tsOf(s.removedDay, 9 * 3600) : null, removed ? isoOf(s.removedDay + 7) : null, removed ? 'Dívida quitada' : null, removed ? 1 : 0, null,
      removed ? `EXC-${rng.hex(10).toUpperCase()}` : null,
    ]);
  }
}
export const SPC_COLUMNS = ['id', 'cpf_cnpj', 'pessoa_id', 'boleto_id', 'status', 'protocolo', 'incluido_por', 'incluido_em', 'removido_por', 'removido_em', 'valor', 'vencimento', 'aviso_mensagem_id', 'exclusao_solicitada_em', 'exclusao_prazo', 'exclusao_motivo', 'exclusao_tentativas', 'exclusao_erro', 'protocolo_exclusao'];
