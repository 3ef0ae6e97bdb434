import { Alert, Loader, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import type { Simulacao } from '../api/antecipacoes';
import { percentText } from './percent';
import { ResumoTable } from './ResumoTable';
import { SimulacaoBoletosTable } from './SimulacaoBoletosTable';

/**
 * A simulation as the API answered it: the boletos with their prorata, the Subtotal and the
 * Resumo — or why there is none (error, nothing to advance). Shared by the shop's request page and
 * the administrador's read-only look at a shop.
 */
export function SimulacaoView({ query }: { query: UseQueryResult<Simulacao> }) {
  const sim = query.data;
  return (
    <>
      {query.isPending && <Loader aria-label="Carregando simulação" />}
      {query.isError && (
        <Alert color="red" title="Não foi possível simular a antecipação">
          {errorMessage(query.error)}
        </Alert>
      )}
      {sim && !sim.totais && (
        <Alert color="blue" title="Nada a antecipar">
          {sim.msg}
        </Alert>
      )}
      {sim?.totais && (
        <>
          <Text size="sm" c="dimmed">
            Boletos garantidos a vencer. Taxa prorrata de {percentText(sim.taxas.taxa_prorrata)} ao dia e taxa de antecipação de{' '}
            {percentText(sim.taxas.taxa_antecipacao)}.
          </Text>
          <SimulacaoBoletosTable boletos={sim.boletos} totalBoletos={sim.totais.total_boletos} totalProrata={sim.totais.total_prorata} />
          <Title order={5}>Resumo</Title>
          <ResumoTable totais={sim.totais} />
        </>
      )}
    </>
  );
}
