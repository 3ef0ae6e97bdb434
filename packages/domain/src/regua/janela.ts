import { addDays, dayInSaoPaulo, type IsoDate } from '../dates/calendar.js';
import { nationalHolidays } from '../dates/business-days.js';

/**
 * When a collection message may reach a person (docs/messaging.md "Régua de cobrança"): from 08:00
 * to 20:00 in São Paulo on weekdays, 08:00 to 14:00 on Saturdays, never on a Sunday nor on a
 * national holiday — CDC art. 42 and 71 (no interference with the consumer's rest or leisure) as
 * São Paulo's Lei 15.426/2014 draws the hours for collection contacts. Outside the window a send
 * waits for the next allowed moment. The sources are in docs/messaging.md.
 *
 * Brazil has had no daylight-saving time since 2019 (Decreto 9.772/2019): São Paulo is UTC−03:00
 * all year, which is how the window's edges are built as instants.
 */
export const REGUA_JANELA = { inicioHora: 8, fimHora: 20, fimHoraSabado: 14 } as const;

const SAO_PAULO_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function dayOfWeek(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** A day on which collection messages may be sent: not a Sunday, not a national holiday. */
export function diaDeEnvioPermitido(date: IsoDate): boolean {
  return dayOfWeek(date) !== 0 && !nationalHolidays(Number(date.slice(0, 4))).has(date);
}

/** The instant of `hour`:00 of a São Paulo calendar day. */
export function instanteEmSaoPaulo(date: IsoDate, hour: number): Date {
  return new Date(`${date}T${String(hour).padStart(2, '0')}:00:00-03:00`);
}

/** Minutes since midnight in São Paulo. */
function minutoDoDia(moment: Date): number {
  const [h, m] = SAO_PAULO_TIME.format(moment).split(':').map(Number);
  return h * 60 + m;
}

/** The hour the window closes on an allowed day (14:00 on Saturdays, else 20:00). */
export const fimDaJanela = (date: IsoDate) => (dayOfWeek(date) === 6 ? REGUA_JANELA.fimHoraSabado : REGUA_JANELA.fimHora);

/** Whether `moment` is inside the window (08:00 ≤ t < 20:00 — 14:00 on Saturdays — on an allowed day). */
export function dentroDaJanela(moment: Date): boolean {
  const day = dayInSaoPaulo(moment);
  const min = minutoDoDia(moment);
  return diaDeEnvioPermitido(day) && min >= REGUA_JANELA.inicioHora * 60 && min < fimDaJanela(day) * 60;
}

/** `moment` itself when inside the window, else the next window's opening (08:00 of the next allowed day). */
export function proximoMomentoPermitido(moment: Date): Date {
  if (dentroDaJanela(moment)) return moment;
  let day = dayInSaoPaulo(moment);
  if (!(diaDeEnvioPermitido(day) && minutoDoDia(moment) < REGUA_JANELA.inicioHora * 60)) {
    day = addDays(day, 1);
    while (!diaDeEnvioPermitido(day)) day = addDays(day, 1);
  }
  return instanteEmSaoPaulo(day, REGUA_JANELA.inicioHora);
}

/** The opening of the first allowed day after the São Paulo day of `moment` (a send held back by the one-a-day rule). */
export function aberturaDoProximoDia(moment: Date): Date {
  let day = addDays(dayInSaoPaulo(moment), 1);
  while (!diaDeEnvioPermitido(day)) day = addDays(day, 1);
  return instanteEmSaoPaulo(day, REGUA_JANELA.inicioHora);
}
