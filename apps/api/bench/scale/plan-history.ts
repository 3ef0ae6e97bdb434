import { BANK_EVENTS, EV, MAX_EVENTS, S, type Plan } from './model.js';

/**
 * Numbers and order: every released boleto gets its nosso número (release order), and the
 * history rows are put in chronological order — as the application writes them — so their ids
 * follow time (the boleto keeps the id of the last row the bank was told about, cnab_historico_id).
 * Then the CNAB files of the days since `cnabStart`: one remessa and one retorno per business day
 * with movements, numbered in order.
 */
export type History = {
  /** flat event slots (b * MAX_EVENTS + k) in chronological order */
  sorted: Int32Array;
  remessas: FileDay[];
  retornos: FileDay[];
};
export type FileDay = { day: number; id: number; numero: number; entradas: number; entradaCents: number; baixas: number; baixaCents: number; liquidados: number; liquidadoCents: number };

export function planHistory(p: Plan, first: { historico: number; nossoNumero: number; remessa: number; retorno: number; numeroArquivo: number; retornoNumero: number }): History {
  const bo = p.boleto;
  let nosso = first.nossoNumero;
  let total = 0;
  for (let b = 0; b < bo.n; b++) {
    total += bo.evCount[b];
    if (bo.evCount[b] && bo.evKind[b * MAX_EVENTS] === EV.LIBERAR) bo.nosso[b] = nosso++;
  }
  // pack (seconds since the first day, event index) into one float and sort natively
  const indexBits = Math.max(1, Math.ceil(Math.log2(total + 1)));
  const d0 = p.start - 1;
  const timeBits = Math.ceil(Math.log2((p.today - d0 + 2) * 86_400));
  if (indexBits + timeBits > 52) throw new Error('dataset too large to order the history in one pass');
  const scale = 2 ** indexBits;
  const keys = new Float64Array(total);
  const slots = new Int32Array(total);
  let i = 0;
  for (let b = 0; b < bo.n; b++) {
    for (let k = 0; k < bo.evCount[b]; k++) {
      const slot = b * MAX_EVENTS + k;
      slots[i] = slot;
      keys[i] = ((bo.evDay[slot] - d0) * 86_400 + bo.evSec[slot]) * scale + i;
      i++;
    }
  }
  keys.sort();
  const sorted = new Int32Array(total);
  for (let r = 0; r < total; r++) {
    const slot = slots[keys[r] % scale];
    sorted[r] = slot;
    bo.evId[slot] = first.historico + 1 + r;
  }

  const remessas = new Map<number, FileDay>();
  const retornos = new Map<number, FileDay>();
  const fileDay = (map: Map<number, FileDay>, day: number) => {
    let f = map.get(day);
    if (!f) map.set(day, (f = { day, id: 0, numero: 0, entradas: 0, entradaCents: 0, baixas: 0, baixaCents: 0, liquidados: 0, liquidadoCents: 0 }));
    return f;
  };
  for (let r = 0; r < total; r++) {
    const slot = sorted[r];
    const day = bo.evDay[slot];
    if (day < p.cnabStart) continue;
    const kind = bo.evKind[slot];
    const valor = bo.valor[Math.floor(slot / MAX_EVENTS)];
    if (kind === EV.REMESSA) {
      const f = fileDay(remessas, day);
      f.entradas++;
      f.entradaCents += valor;
    } else if (isBaixaRequest(p, slot)) {
      const f = fileDay(remessas, day);
      f.baixas++;
      f.baixaCents += valor;
    } else if (BANK_EVENTS.has(kind)) {
      const f = fileDay(retornos, day);
      if (kind === EV.ENTRADA) {
        f.entradas++;
        f.entradaCents += valor;
      } else if (kind === EV.LIQUIDAR) {
        f.liquidados++;
        f.liquidadoCents += valor;
      } else {
        f.baixas++;
        f.baixaCents += valor;
      }
    }
  }
  const number = (map: Map<number, FileDay>, firstId: number, firstNumero: number) =>
    [...map.values()].sort((a, b) => a.day - b.day).map((f, n) => ({ ...f, id: firstId + 1 + n, numero: firstNumero + 1 + n }));
  return { sorted, remessas: number(remessas, first.remessa, first.numeroArquivo), retornos: number(retornos, first.retorno, first.retornoNumero) };
}

/** A write-off the next remessa tells the bank: baixa, cancellation or removal of a registered title. */
export function isBaixaRequest(p: Plan, slot: number): boolean {
  const kind = p.boleto.evKind[slot];
  if (kind === EV.BAIXAR || kind === EV.REMOVER) return wasRegistered(p, slot);
  return kind === EV.CANCELAR && p.boleto.evTo[slot] === S.ENV_CANCELAMENTO;
}

function wasRegistered(p: Plan, slot: number): boolean {
  const b = Math.floor(slot / MAX_EVENTS);
  for (let k = b * MAX_EVENTS; k < slot; k++) if (p.boleto.evKind[k] === EV.ENTRADA) return true;
  return false;
}
