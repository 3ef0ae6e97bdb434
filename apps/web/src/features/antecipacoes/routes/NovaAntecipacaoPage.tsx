import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader, showResult } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { antecipacaoKeys, simulacaoQuery } from '../api/antecipacao-queries';
import { enviarSolicitacao } from '../api/antecipacoes';
import { ResumoTable } from '../components/ResumoTable';
import { SimulacaoBoletosTable } from '../components/SimulacaoBoletosTable';
import { percentText } from '../components/percent';

/**
 * "Simulação da Antecipação": the empresa's open GARANTIDO boletos still to come with their prorata,
 * the Resumo, and the request. Every figure is the API's (simulateAdvance); the request sends them
 * back and the server refuses it if they no longer hold, in which case the simulation is reloaded.
 */
export function NovaAntecipacaoPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const query = useQuery(simulacaoQuery());
  const sim = query.data;

  async function enviar() {
    if (!sim?.totais) return;
    setSending(true);
    try {
      const res = await enviarSolicitacao(sim.boletos, sim.totais);
      client.invalidateQueries({ queryKey: antecipacaoKeys.all });
      showResult(res, { onClose: () => navigate('/operacao/antecipacoes') });
    } catch (err) {
      showResult({ status: err instanceof ApiError ? err.status : 0, msg: errorMessage(err) }, { autoCloseMs: 0 });
      // figures that moved (409) are shown again as they are now
      if (err instanceof ApiError && err.status === 409) await query.refetch();
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack>
      <PageHeader title="Simulação da Antecipação" />
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
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/operacao/antecipacoes')}>
          Cancelar
        </Button>
        <Button onClick={() => void enviar()} loading={sending} disabled={!sim?.totais}>
          Enviar Solicitação (Sujeito a análise)
        </Button>
      </Group>
    </Stack>
  );
}
