import { SITUACAO, type Situacao } from '@bg/domain';

/**
 * The in-memory plan of the scale dataset: every decision (who bought where, when, which boleto
 * ends in which situação and through which events) is drawn first into typed arrays, then each
 * table is written from it in its own COPY phase. Days are São Paulo calendar days counted from
 * 1970-01-01; times are seconds within that day.
 */

/** Situação codes (0 = none yet: boleto not released). */
export const SIT: readonly (Situacao | null)[] = [
  null,
  SITUACAO.DISPONIVEL,
  SITUACAO.ENVIADO_REGISTRO,
  SITUACAO.GARANTIDO,
  SITUACAO.ENVIADO_BAIXA,
  SITUACAO.ENVIADO_CANCELAMENTO,
  SITUACAO.ENVIADO_REMOCAO,
  SITUACAO.BAIXADO,
  SITUACAO.BAIXADO_CANCELADO,
  SITUACAO.BAIXADO_REMOVIDO,
  SITUACAO.LIQUIDADO,
  SITUACAO.QUITADO,
  SITUACAO.CANCELADO,
  SITUACAO.CANCELADO_SR,
];
export const S = {
  NONE: 0, DISPONIVEL: 1, ENV_REGISTRO: 2, GARANTIDO: 3, ENV_BAIXA: 4, ENV_CANCELAMENTO: 5, ENV_REMOCAO: 6,
  BAIXADO: 7, BAIXADO_CANCELADO: 8, BAIXADO_REMOVIDO: 9, LIQUIDADO: 10, QUITADO: 11, CANCELADO: 12, CANCELADO_SR: 13,
} as const;
/** Open = still owed (OPEN_SITUACOES of the domain). */
export const isOpen = (s: number) => s === S.DISPONIVEL || s === S.ENV_REGISTRO || s === S.GARANTIDO || s === S.QUITADO;

/** What caused a history row (its motivo and who). */
export const EV = {
  LIBERAR: 1, REMESSA: 2, ENTRADA: 3, LIQUIDAR: 4, BAIXAR: 5, CONF_BAIXA: 6, CANCELAR: 7, CONF_CANCEL: 8,
  REMOVER: 9, CONF_REMOCAO: 10, QUITAR: 11, CANCEL_NAO_LIB: 12, RETOMAR: 13, MARCAR_QUITADO: 14,
} as const;
/** Events reported by the bank in a retorno. */
export const BANK_EVENTS = new Set<number>([EV.ENTRADA, EV.LIQUIDAR, EV.CONF_BAIXA, EV.CONF_CANCEL, EV.CONF_REMOCAO]);

export const GS = { PENDENTE: 0, APROVADO: 1, NAO_AUTORIZADO: 2, CANCELADO: 3 } as const;
export const GARANTIA_STATUS = ['PENDENTE', 'APROVADO', 'NÃO AUTORIZADO', 'CANCELADO'] as const;

/** Most events a boleto can have in the plan (release … acordo cancelled). */
export const MAX_EVENTS = 8;

export const DAY_MS = 86_400_000;
/** São Paulo has had no daylight saving time since 2019: UTC−3 all year. */
const SP_OFFSET_S = 3 * 3600;

export const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoCache = new Map<number, string>();
export function isoOf(day: number): string {
  let s = isoCache.get(day);
  if (!s) isoCache.set(day, (s = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  return s;
}
/** timestamptz text of a São Paulo day and second of the day. */
export const tsOf = (day: number, sec: number) => new Date((day * 86_400 + sec + SP_OFFSET_S) * 1000).toISOString();
/** Day of week, 0 = Sunday. */
export const weekday = (day: number) => (day + 4) % 7;
/** The same day when it is a weekday, otherwise the next Monday. */
export const businessDay = (day: number) => (weekday(day) === 6 ? day + 2 : weekday(day) === 0 ? day + 1 : day);

export type EmpresaPlan = {
  id: number;
  cnpj: string;
  franqueadoId: number | null;
  isFranqueadora: boolean;
  weight: number;
  cityIndex: number;
  createdDay: number;
  antecipa: boolean;
  taxaProrrata: string;
  taxaAntecipacao: string | null;
  limiteBoletoCents: number | null;
  situacao: 'ATIVA' | 'BLOQUEADA';
  usuarios: number[];
};

export type Plan = {
  seed: string;
  today: number;
  /** First day of the dataset's guarantees. */
  start: number;
  /** From this day on, registrations and bank answers went through CNAB files in the system. */
  cnabStart: number;
  contaId: number;
  contaBanco: string;
  admins: number[];
  empresas: EmpresaPlan[];
  pessoa: { n: number; firstId: number; docs: string[]; tipo: Uint8Array; risk: Uint8Array; acordo: Uint8Array; firstDay: Int32Array; firstSec: Int32Array };
  garantia: {
    n: number; firstId: number;
    pessoa: Int32Array; empresa: Int32Array; usuario: Int32Array; day: Int32Array; sec: Int32Array;
    status: Uint8Array; libera: Uint8Array; qtd: Uint8Array; firstBoleto: Int32Array;
    decidedDay: Int32Array; decidedSec: Int32Array; releasedDay: Int32Array; cancelDay: Int32Array; decidedBy: Int32Array; motivo: Int8Array;
  };
  boleto: {
    n: number; firstId: number;
    garantia: Int32Array; parcela: Uint8Array; valor: Int32Array; venc: Int32Array; nosso: Float64Array;
    evCount: Uint8Array; evDay: Int32Array; evSec: Int32Array; evKind: Uint8Array; evTo: Uint8Array;
    /** history id of each event, after the chronological sort */
    evId: Float64Array;
  };
};

export const state = (p: Plan, b: number) => {
  const n = p.boleto.evCount[b];
  return n ? p.boleto.evTo[b * MAX_EVENTS + n - 1] : S.NONE;
};

/** Situação of boleto b at the end of `day`. */
export function stateAt(p: Plan, b: number, day: number): number {
  let s: number = S.NONE;
  const base = b * MAX_EVENTS;
  for (let k = 0; k < p.boleto.evCount[b]; k++) {
    if (p.boleto.evDay[base + k] > day) break;
    s = p.boleto.evTo[base + k];
  }
  return s;
}

export function pushEvent(p: Plan, b: number, kind: number, day: number, sec: number, to: number): void {
  const bo = p.boleto;
  const n = bo.evCount[b];
  if (n >= MAX_EVENTS) throw new Error(`boleto ${b}: too many events`);
  const i = b * MAX_EVENTS + n;
  // one boleto's events are strictly ordered in time
  if (n) {
    const prevDay = bo.evDay[i - 1];
    const prevSec = bo.evSec[i - 1];
    if (day < prevDay) day = prevDay;
    if (day === prevDay && sec <= prevSec) sec = Math.min(86_399, prevSec + 60);
  }
  bo.evDay[i] = day;
  bo.evSec[i] = sec;
  bo.evKind[i] = kind;
  bo.evTo[i] = to;
  bo.evCount[b] = n + 1;
}

/** Drops the events after `day` (a later decision replaced them). */
export function truncateAfter(p: Plan, b: number, day: number): void {
  const base = b * MAX_EVENTS;
  let n = p.boleto.evCount[b];
  while (n > 0 && p.boleto.evDay[base + n - 1] > day) n--;
  p.boleto.evCount[b] = n;
}
