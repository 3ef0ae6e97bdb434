import { useState } from 'react';
import { Alert, Box, Button, Group, LoadingOverlay, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mesAtual, type MesAno } from '@bg/domain';
import { PageHeader, showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { withNewTab } from '../../../lib/new-tab';
import { fechamentoQuery } from '../api/relatorio-queries';
import { fechamentoPdfUrl } from '../api/relatorios';
import { PeriodoFields } from '../components/PeriodoFields';
import classes from '../components/fechamento-html.module.css';

/**
 * Fechamento (administrador): month, year and empresa; the closing rendered by the server as HTML
 * (shown here) and as PDF (download, or open to print). Figures agree with Faturamento.
 */
export function FechamentoPage() {
  const [periodo, setPeriodo] = useState<MesAno>(() => mesAtual());
  const [empresaId, setEmpresaId] = useState<string | null>(null);
  const empresas = useQuery(empresasForSelectQuery());
  const query = useQuery(fechamentoQuery(periodo, empresaId));
  const pdf = () => fechamentoPdfUrl(periodo, Number(empresaId));
  const f = query.data;

  return (
    <Stack>
      <PageHeader
        title="Fechamento"
        actions={
          <>
            <Button variant="light" disabled={!f} onClick={() => void pdf().then((url) => download(url, `fechamento-${empresaId}-${periodo.ano}-${String(periodo.mes).padStart(2, '0')}.pdf`)).catch((err) => showError(errorMessage(err)))}>
              Baixar PDF
            </Button>
            <Button disabled={!f} onClick={() => void withNewTab(pdf, (url) => url).catch((err) => showError(errorMessage(err)))}>
              Imprimir
            </Button>
          </>
        }
      />
      <Group align="flex-end">
        <PeriodoFields value={periodo} onChange={setPeriodo} />
        <Select
          label="Empresa"
          placeholder="Selecione a empresa"
          w={280}
          data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
          value={empresaId}
          onChange={setEmpresaId}
          searchable
          withAsterisk
        />
      </Group>
      {empresaId === null && <Text c="dimmed">Selecione a empresa para ver o fechamento do mês.</Text>}
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {f && (
        <Box pos="relative">
          <LoadingOverlay visible={query.isFetching} zIndex={10} overlayProps={{ blur: 1 }} />
          <Paper withBorder p="md">
            {/* HTML built and escaped by the server (modules/relatorio/fechamento-html.ts, docs/decisions/021). */}
            <div className={classes.html} data-testid="fechamento-html" dangerouslySetInnerHTML={{ __html: f.html }} />
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
