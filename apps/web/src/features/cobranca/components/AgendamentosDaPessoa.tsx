import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { agendamentosDaPessoaQuery } from '../api/cobranca-queries';
import { AgendamentosTable } from './AgendamentosTable';

/** Every schedule of one person, latest date first (tab "Agendamento", the modals of Agendamentos and Acordos). */
export function AgendamentosDaPessoa({ pessoaId }: { pessoaId: number }) {
  const query = useQuery(agendamentosDaPessoaQuery(pessoaId));
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  return <AgendamentosTable rows={query.data ?? []} loading={query.isFetching} caption="Agendamentos da pessoa" />;
}
