import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { creditoPagadorContracts as c } from '@bg/domain';
import { call } from '../../../lib/api-contract';
import { errorMessage } from '../../../lib/api-client';
import { DateText } from '../../../components';
import { pagadorKeys } from '../api/pagador-queries';

/**
 * The person's credit requests denied automatically by the policy (LGPD art. 20, docs/credito.md):
 * the main criteria in plain Portuguese and "Solicitar revisão" — a person reviews it within 10 days.
 * Shows nothing when there is none.
 */
export function NegativasCredito({ sessao }: { sessao: string }) {
  const q = useQuery({ queryKey: pagadorKeys.negativas(sessao), queryFn: () => call(c.negativas, { body: { sessao } }).then((r) => r.data) });
  if (!q.data?.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Decisões automáticas de crédito">
      <Stack gap="sm">
        <Title order={4}>Decisões automáticas de crédito</Title>
        {q.data.map((n) => <Negativa key={n.garantia_id} n={n} sessao={sessao} onDone={() => void q.refetch()} />)}
      </Stack>
    </Paper>
  );
}

type Item = Awaited<ReturnType<typeof call<typeof c.negativas>>>['data'][number];

function Negativa({ n, sessao, onDone }: { n: Item; sessao: string; onDone: () => void }) {
  const [justificativa, setJustificativa] = useState('');
  const [busy, setBusy] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const pedir = async () => {
    setBusy(true);
    setErro(null);
    try {
      await call(c.solicitarRevisao, { body: { sessao, garantia_id: n.garantia_id, justificativa: justificativa || undefined } });
      onDone();
    } catch (err) {
      setErro(errorMessage(err, 'Não foi possível enviar agora. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} aria-label={`Solicitação ${n.protocolo}`}>
      <Text size="sm" fw={500}>Solicitação {n.protocolo} na loja {n.loja}, em <DateText value={n.data} />: não aprovada automaticamente. Principais critérios:</Text>
      <List size="sm">{n.motivos.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
      {n.revisao === null ? (
        <>
          <Text size="sm" c="dimmed">Você pode pedir que uma pessoa revise esta decisão (Lei Geral de Proteção de Dados, art. 20). A resposta vem em até 10 dias.</Text>
          <Textarea label="Conte o que devemos considerar (opcional)" value={justificativa} maxLength={2000} onChange={(e) => setJustificativa(e.currentTarget.value)} />
          {erro && <Alert color="red" role="alert">{erro}</Alert>}
          <Button onClick={() => void pedir()} loading={busy} w="fit-content">Solicitar revisão</Button>
        </>
      ) : n.revisao.status === 'PENDENTE' ? (
        <Alert color="blue" role="status">Revisão solicitada. Prazo para a resposta: <DateText value={n.revisao.prazo} />.</Alert>
      ) : (
        <Alert color={n.revisao.status === 'REVERTIDA' ? 'teal' : 'gray'}>
          {n.revisao.status === 'REVERTIDA' ? 'Após a revisão, a solicitação voltou para análise.' : 'Após a revisão, a decisão foi mantida.'} {n.revisao.fundamentacao}
        </Alert>
      )}
    </Stack>
  );
}
