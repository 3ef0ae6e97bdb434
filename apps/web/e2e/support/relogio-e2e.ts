import { addDays, dayInSaoPaulo, dentroDaJanela, diaDeEnvioPermitido, fimDaJanela, instanteEmSaoPaulo } from '@bg/domain';

/** How long the suite may run after it starts and still find the server inside the window. */
const MARGEM_MS = 90 * 60_000;

/**
 * Where the browser suite's server clock starts (CLOCK_START, playwright.config.ts →
 * scripts/e2e-server.mjs): '' — the real clock — when the régua's sending window (08:00–20:00 São
 * Paulo, 14:00 on Saturdays, not Sundays or holidays) is open now and for the next 90 minutes, so
 * the reminder spec can run the régua and see a message leave. Otherwise the nearest moment that
 * keeps the São Paulo date when the day allows sending (09:00 before the window, three hours
 * before it closes after it), else 10:00 of the next allowed day — the date moves only on Sundays
 * and holidays, which keeps the other specs' dates as they are on most runs.
 */
export function e2eClockStart(now: Date): string {
  if (dentroDaJanela(now) && dentroDaJanela(new Date(now.getTime() + MARGEM_MS))) return '';
  const hoje = dayInSaoPaulo(now);
  if (diaDeEnvioPermitido(hoje)) {
    const abre = instanteEmSaoPaulo(hoje, 9);
    return (now < abre ? abre : instanteEmSaoPaulo(hoje, fimDaJanela(hoje) - 3)).toISOString();
  }
  let dia = addDays(hoje, 1);
  while (!diaDeEnvioPermitido(dia)) dia = addDays(dia, 1);
  return instanteEmSaoPaulo(dia, 10).toISOString();
}

/** The server's "now" for a spec: the real time shifted as CLOCK_START shifted the server's at its start. */
export function e2eServerNow(): Date {
  const start = process.env.E2E_CLOCK_START;
  const startedAt = Number(process.env.E2E_CLOCK_SET_AT);
  if (!start || !startedAt) return new Date();
  return new Date(Date.now() + (Date.parse(start) - startedAt));
}
