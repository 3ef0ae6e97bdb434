import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateText, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { antecipacaoQuery } from '../api/antecipacao-queries';
import { ResumoTable } from './ResumoTable';
import { SimulacaoBoletosTable } from './SimulacaoBoletosTable';
import { percentText } from './percent';

/** An advance with the figures stored for it: who asked, who decided, its boletos and Resumo. */
export function AntecipacaoDetalheView({ id }: { id: number }) {
  const query = useQuery(antecipacaoQuery(id));
  if (query.isError) return <Text c="red">{errorMessage(query.error)}</Text>;
  const a = query.data;
  if (!a) return <Loader aria-label="Carregando antecipação" />;
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600}>{a.fantasia}</Text>
        <StatusBadge status={a.situacao} />
      </Group>
      <Text size="sm">
        Solicitada por {a.usuario} em <DateText value={a.created_at} withTime />
        {a.decidido_por && (
          <>
            {' '}— decidida por {a.decidido_por} em <DateText value={a.decidido_em} withTime />
          </>
        )}
        . Taxa prorrata {percentText(a.taxas.taxa_prorrata)} ao dia; taxa de antecipação {percentText(a.taxas.taxa_antecipacao)}.
      </Text>
      <SimulacaoBoletosTable boletos={a.boletos} totalBoletos={a.total_boletos} totalProrata={a.total_prorata} />
      <Title order={5}>Resumo</Title>
      <ResumoTable
        totais={{
          data_simulacao: a.data_simulacao,
          qtd_boletos: a.qtd_boletos,
          total_boletos: a.total_boletos,
          total_prorata: a.total_prorata,
          total_taxa_antecipacao: a.total_taxa_antecipacao,
          taxa_basica: a.taxa_basica,
          total_antecipacao: a.total_antecipacao,
        }}
      />
    </Stack>
  );
}
