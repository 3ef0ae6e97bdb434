import { protocolCheckDigit } from '@bg/domain';
import { buildSlip } from '../../src/modules/boletos/number-boletos.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { line } from './loader.js';
import { Rng } from './prng.js';
import { cpfOf } from './vocab.js';
import { BANK_EVENTS, EV, GARANTIA_STATUS, GS, isoOf, MAX_EVENTS, S, SIT, tsOf, type Plan } from './model.js';
import type { History } from './plan-history.js';
import type { Phase } from './phase.js';

/** Garantias with their document lookups and audit records, boletos and their history. */
export const MOTIVOS_NEGACAO = [
  'Restrição no CNPJ ligado ao cliente', 'Restrição no avalista', 'Restrição no sócio da empresa', 'Baixo escore de crédito',
  'Telefone não localizado ou sem contato', 'Terceiro suspeito', 'Filling', 'Outro',
];
const OBSERVACOES = ['Renda incompatível com o valor solicitado.', 'Cliente com pendências em outras lojas.', 'Não foi possível confirmar os dados por telefone.', 'Documentação insuficiente.'];

const liberadoSec = (p: Plan, g: number) => p.boleto.evSec[p.garantia.firstBoleto[g] * MAX_EVENTS];
const cancelSec = (g: number) => 14 * 3600 + (g % 7200);

export function* garantiaLines(p: Plan) {
  const ga = p.garantia;
  for (let g = 0; g < ga.n; g++) {
    const id = ga.firstId + g;
    const st = ga.status[g];
    const decided = ga.decidedDay[g] >= 0 ? tsOf(ga.decidedDay[g], ga.decidedSec[g]) : null;
    const released = ga.releasedDay[g] >= 0 ? tsOf(ga.releasedDay[g], liberadoSec(p, g)) : null;
    const cancelled = ga.cancelDay[g] >= 0 ? tsOf(ga.cancelDay[g], cancelSec(g)) : null;
    const created = tsOf(ga.day[g], ga.sec[g]);
    yield line([
      id, protocolCheckDigit(id), p.empresas[ga.empresa[g]].id, ga.usuario[g], p.pessoa.firstId + ga.pessoa[g], created, GARANTIA_STATUS[st], ga.libera[g] ? 'S' : 'N',
      ga.motivo[g] >= 0 ? MOTIVOS_NEGACAO[ga.motivo[g]] : null, ga.motivo[g] >= 0 ? OBSERVACOES[g % OBSERVACOES.length] : null, ga.qtd[g], 'N',
      decided ? ga.decidedBy[g] : null, decided, released ? ga.decidedBy[g] : null, released, cancelled ? ga.decidedBy[g] : null, cancelled,
      created, cancelled ?? released ?? decided ?? created,
    ]);
  }
}
export const GARANTIA_COLUMNS = ['id', 'digito', 'empresa_id', 'usuario_id', 'pessoa_id', 'data', 'status', 'libera_boleto', 'motivo', 'observacao', 'qtd_titulo', 'possui_duplicata', 'decidido_por', 'decidido_em', 'liberado_por', 'liberado_em', 'cancelado_por', 'cancelado_em', 'created_at', 'updated_at'];

/** One lookup before each request, plus lookups that led nowhere (some restricted, status 900). */
export function* consultaLines(p: Plan, phase: Phase) {
  const rng = new Rng(`${p.seed}:consultas`);
  const ga = p.garantia;
  for (let g = 0; g < ga.n; g++) {
    const empresaId = p.empresas[ga.empresa[g]].id;
    const at = Math.max(0, ga.sec[g] - rng.int(60, 900));
    if (rng.chance(0.25)) {
      const known = rng.chance(0.5);
      const doc = known ? p.pessoa.docs[rng.int(0, p.pessoa.n - 1)] : cpfOf(600_000_000 + g);
      const restricted = rng.chance(0.3);
      yield line([phase.ids.next('consulta_documento'), doc, ga.usuario[g], empresaId, 'solicitacao_garantia', restricted ? 900 : 200,
        restricted ? '{"restricoes":["Boleto vencido em aberto"],"exposicao":0,"limite_cpf_cnpj":null}' : '{"restricoes":[],"exposicao":0,"limite_cpf_cnpj":null}', tsOf(ga.day[g], Math.max(0, at - rng.int(600, 7200)))]);
    }
    yield line([phase.ids.next('consulta_documento'), p.pessoa.docs[ga.pessoa[g]], ga.usuario[g], empresaId, 'solicitacao_garantia', 200, '{"restricoes":[],"exposicao":0,"limite_cpf_cnpj":null}', tsOf(ga.day[g], at)]);
  }
}
export const CONSULTA_COLUMNS = ['id', 'cpf_cnpj', 'usuario_id', 'empresa_id', 'motivo', 'status', 'detalhe', 'created_at'];

export function* boletoLines(p: Plan, conta: ContaCobrancaRow) {
  const bo = p.boleto;
  for (let b = 0; b < bo.n; b++) {
    const id = bo.firstId + b;
    const g = bo.garantia[b];
    const n = bo.evCount[b];
    const base = b * MAX_EVENTS;
    const situacao = n ? bo.evTo[base + n - 1] : S.NONE;
    const nosso = bo.nosso[b] || null;
    const slip = nosso ? buildSlip(conta, nosso, bo.valor[b], isoOf(bo.venc[b])) : null;
    let registered = false;
    let baixa = -1;
    for (let k = 0; k < n; k++) {
      if (bo.evKind[base + k] === EV.ENTRADA) registered = true;
      if (bo.evKind[base + k] === EV.BAIXAR) baixa = base + k;
    }
    // the bank knows everything up to the last row, unless today's request is still to be sent
    const lastPending = n > 0 && bo.evDay[base + n - 1] === p.today && !BANK_EVENTS.has(bo.evKind[base + n - 1]);
    const told = registered ? bo.evId[base + n - (lastPending ? 2 : 1)] : null;
    const created = tsOf(p.garantia.day[g], p.garantia.sec[g]);
    const rng = baixa >= 0 ? Rng.for(p.seed, 'comprovante', id) : null;
    yield line([
      id, protocolCheckDigit(id), p.garantia.firstId + g, p.empresas[p.garantia.empresa[g]].id, bo.parcela[b], (bo.valor[b] / 100).toFixed(2), isoOf(bo.venc[b]), SIT[situacao], nosso,
      slip?.barcode ?? null, slip?.digitableLine ?? null, rng ? rng.hex(32) : null,
      created, n ? tsOf(bo.evDay[base + n - 1], bo.evSec[base + n - 1]) : created, nosso ? conta.id : null,
      baixa >= 0 ? tsOf(bo.evDay[baixa], bo.evSec[baixa]) : null, baixa >= 0 ? p.garantia.usuario[g] : null, told,
    ]);
  }
}
export const BOLETO_COLUMNS = ['id', 'digito', 'garantia_id', 'empresa_id', 'parcela', 'valor', 'vencimento', 'situacao', 'nosso_numero', 'codigo_barras', 'linha_digitavel', 'comprovante_token', 'created_at', 'updated_at', 'conta_cobranca_id', 'comprovante_em', 'comprovante_por', 'cnab_historico_id'];

const BANK_DESC: Record<number, string> = { [EV.ENTRADA]: 'Entrada confirmada', [EV.LIQUIDAR]: 'Liquidação', [EV.CONF_BAIXA]: 'Baixa', [EV.CONF_CANCEL]: 'Baixa', [EV.CONF_REMOCAO]: 'Baixa' };

/** boleto_historico in id (= time) order; the retorno lines match emit-cnab's retorno_item. */
export function* historicoLines(p: Plan, hist: History, acordoOf: Int32Array) {
  const bo = p.boleto;
  const ga = p.garantia;
  const remessaNo = new Map(hist.remessas.map((f) => [f.day, f.numero]));
  const retorno = new Map(hist.retornos.map((f) => [f.day, f]));
  let day = -1;
  let linha = 1;
  for (let r = 0; r < hist.sorted.length; r++) {
    const slot = hist.sorted[r];
    const b = (slot / MAX_EVENTS) | 0;
    const k = slot - b * MAX_EVENTS;
    const g = bo.garantia[b];
    const kind = bo.evKind[slot];
    const d = bo.evDay[slot];
    if (d !== day) [day, linha] = [d, 1];
    const admin = p.admins[d % p.admins.length];
    let motivo: string;
    let usuario: number | null = admin;
    if (BANK_EVENTS.has(kind)) {
      linha += 2;
      const f = retorno.get(d);
      motivo = d >= p.cnabStart && f ? `Retorno nº ${f.id} (arquivo ${f.numero}), linha ${linha}: ${BANK_DESC[kind]}` : `${BANK_DESC[kind]} (banco)`;
    } else if (kind === EV.REMESSA) motivo = remessaNo.has(d) ? `Remessa nº ${remessaNo.get(d)}` : 'Registro enviado ao banco';
    else if (kind === EV.LIBERAR) [motivo, usuario] = ['Boletos liberados para impressão', ga.decidedBy[g]];
    else if (kind === EV.BAIXAR) [motivo, usuario] = ['Recebido pelo estabelecimento', ga.usuario[g]];
    else if (kind === EV.CANCELAR) [motivo, usuario] = ['Garantia cancelada', ga.decidedBy[g]];
    else if (kind === EV.CANCEL_NAO_LIB) [motivo, usuario] = [ga.status[g] === GS.NAO_AUTORIZADO ? 'Garantia não autorizada' : 'Garantia cancelada antes da liberação', ga.decidedBy[g]];
    else if (kind === EV.REMOVER) motivo = `Substituído pelo acordo nº ${acordoOf[b]}`;
    else if (kind === EV.RETOMAR) motivo = `Acordo nº ${acordoOf[b]} cancelado: dívida retomada`;
    else if (kind === EV.MARCAR_QUITADO) motivo = 'Marcado como quitado';
    else motivo = 'Garantia honrada: boleto quitado à loja';
    yield line([bo.evId[slot], bo.firstId + b, k ? SIT[bo.evTo[slot - 1]] : null, SIT[bo.evTo[slot]], motivo, usuario, tsOf(d, bo.evSec[slot])]);
  }
}
export const HISTORICO_COLUMNS = ['id', 'boleto_id', 'de', 'para', 'motivo', 'usuario_id', 'created_at'];

/** The guarantee's audit trail (solicitar, aprovar/negar, liberaBoleto, cancelar), in time order. */
export function* auditLines(p: Plan, phase: Phase) {
  const ga = p.garantia;
  const events: { t: number; g: number; kind: number }[] = [];
  const at = (day: number, sec: number) => day * 86_400 + sec;
  for (let g = 0; g < ga.n; g++) {
    events.push({ t: at(ga.day[g], ga.sec[g]), g, kind: 0 });
    if (ga.decidedDay[g] >= 0) events.push({ t: at(ga.decidedDay[g], ga.decidedSec[g]), g, kind: 1 });
    if (ga.releasedDay[g] >= 0) events.push({ t: at(ga.releasedDay[g], liberadoSec(p, g)), g, kind: 2 });
    if (ga.cancelDay[g] >= 0) events.push({ t: at(ga.cancelDay[g], cancelSec(g)), g, kind: 3 });
  }
  events.sort((a, b) => a.t - b.t || a.g - b.g || a.kind - b.kind);
  for (const e of events) {
    const g = e.g;
    const id = ga.firstId + g;
    const ip = `10.${(g >> 16) & 255}.${(g >> 8) & 255}.${g & 255}`;
    const when = tsOf(Math.floor(e.t / 86_400), e.t % 86_400);
    if (e.kind === 0) yield line([phase.ids.next('audit_log'), when, ga.usuario[g], ip, 'garantia.solicitar', 'garantia', String(id), JSON.stringify({ pessoa_id: p.pessoa.firstId + ga.pessoa[g], qtd_titulo: ga.qtd[g] })]);
    else if (e.kind === 1) {
      const denied = ga.status[g] === GS.NAO_AUTORIZADO;
      const summary = denied ? { de: 'PENDENTE', para: 'NÃO AUTORIZADO', motivo: MOTIVOS_NEGACAO[ga.motivo[g]] } : { de: 'PENDENTE', para: 'APROVADO' };
      yield line([phase.ids.next('audit_log'), when, ga.decidedBy[g], ip, denied ? 'garantia.negar' : 'garantia.aprovar', 'garantia', String(id), JSON.stringify(summary)]);
    } else if (e.kind === 2) yield line([phase.ids.next('audit_log'), when, ga.decidedBy[g], ip, 'garantia.liberaBoleto', 'garantia', String(id), JSON.stringify({ libera_boleto: 'S', boletos: ga.qtd[g] })]);
    else yield line([phase.ids.next('audit_log'), when, ga.decidedBy[g], ip, 'garantia.cancelar', 'garantia', String(id), JSON.stringify({ de: 'APROVADO', para: 'CANCELADO' })]);
  }
}
export const AUDIT_COLUMNS = ['id', 'occurred_at', 'usuario_id', 'ip', 'action', 'entity', 'entity_id', 'summary'];
