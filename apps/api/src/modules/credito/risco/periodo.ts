import { AppError } from '../../../errors/app-error.js';

const badRequest = (msg: string) => new AppError('BAD_REQUEST', msg);

/**
 * The months a risk chart covers: `de`–`ate` (AAAA-MM), by default the 12 months up to the
 * reference day's month; at most 60 months, never inverted (400 in Portuguese).
 */
export function periodoRisco(q: { de?: string; ate?: string }, hoje: string): { de: string; ate: string } {
  const ate = q.ate ?? hoje.slice(0, 7);
  const de = q.de ?? somar(ate, -11);
  for (const m of [de, ate]) assertMes(m);
  if (de > ate) throw badRequest('O mês inicial deve ser anterior ao final.');
  if (meses(de, ate) > 60) throw badRequest('Escolha um período de até 60 meses.');
  return { de: `${de}-01`, ate: `${ate}-01` };
}

/** AAAA-MM with a real month of a plausible year (2000–2100): otherwise 400, never a database error. */
export function assertMes(m: string): void {
  const ano = Number(m.slice(0, 4));
  const mes = Number(m.slice(5, 7));
  if (!/^\d{4}-\d{2}$/.test(m) || mes < 1 || mes > 12 || ano < 2000 || ano > 2100) throw badRequest(`Mês inválido: ${m}.`);
}

function somar(m: string, n: number): string {
  const t = Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(t / 12)).padStart(4, '0')}-${String((t % 12) + 1).padStart(2, '0')}`;
}
const meses = (de: string, ate: string) => (Number(ate.slice(0, 4)) - Number(de.slice(0, 4))) * 12 + Number(ate.slice(5, 7)) - Number(de.slice(5, 7)) + 1;
