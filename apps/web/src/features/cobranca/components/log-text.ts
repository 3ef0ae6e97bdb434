import { formatDateTimeBR } from '@bg/domain';

/** Log column of Agendamentos (spec §2): "registrado em dd/mm/aaaa hh:mm por Nome". */
export function logText(createdAt: string, usuario: string | null): string {
  return `registrado em ${formatDateTimeBR(createdAt)}${usuario ? ` por ${usuario}` : ''}`;
}
