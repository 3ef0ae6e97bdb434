import { useState } from 'react';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader, showResult } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { antecipacaoKeys, simulacaoDaLojaQuery, simulacaoQuery } from '../api/antecipacao-queries';
import { enviarSolicitacao } from '../api/antecipacoes';
import { SimulacaoView } from '../components/SimulacaoView';

/**
 * "Simulação da Antecipação". The shop's usuario: its open GARANTIDO boletos still to come with
 * their prorata, the Resumo, and the request — every figure is the API's (simulateAdvance); the
 * request sends them back and the server refuses it if they no longer hold, in which case the
 * simulation is reloaded. An administrador chooses a shop and sees its simulation, read only (the
 * request is the shop's to send).
 */
export function NovaAntecipacaoPage() {
  return isAdmin(useCurrentUser()) ? <SimulacaoDaLoja /> : <SolicitacaoDaLoja />;
}

function SolicitacaoDaLoja() {
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
      <SimulacaoView query={query} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/operacao/antecipacoes')}>
          Voltar
        </Button>
        <Button onClick={() => void enviar()} loading={sending} disabled={!sim?.totais}>
          Enviar Solicitação (Sujeito a análise)
        </Button>
      </Group>
    </Stack>
  );
}

/** The administrador's view: the chosen shop (kept in the address, ?empresa=ID) and its simulation. */
function SimulacaoDaLoja() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const empresas = useQuery(empresasForSelectQuery());
  const empresaId = Number(params.get('empresa')) || null;
  const query = useQuery({ ...simulacaoDaLojaQuery(empresaId ?? 0), enabled: empresaId !== null });
  return (
    <Stack>
      <PageHeader title="Simulação da Antecipação" />
      <Select
        label="Loja"
        placeholder="Selecione a loja"
        w={320}
        searchable
        data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
        value={empresaId ? String(empresaId) : null}
        onChange={(v) => setParams(v ? { empresa: v } : {}, { replace: true })}
      />
      {empresaId === null ? (
        <Alert color="blue" title="Escolha a loja">
          Selecione a loja para ver a simulação da antecipação dos boletos dela.
        </Alert>
      ) : (
        <>
          <Alert color="gray" title="Somente consulta">
            Estes são os valores que a loja veria hoje. A solicitação de antecipação é enviada pela própria loja.
          </Alert>
          <SimulacaoView query={query} />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/operacao/antecipacoes')}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}
