import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { creditoContracts, RESULTADO_CREDITO_LABEL, type ResultadoCredito } from '@bg/domain';
import type { QueryKey } from '@tanstack/react-query';
import { call } from '../lib/api-contract';
import { useSubmit } from '../lib/use-submit';
import { DateText } from './DateText';
import { Section } from './Section';

type Avaliacao = { versao: number; resultado: ResultadoCredito; motivos: { codigo: string; texto: string }[] };
type Revisao = { status: 'PENDENTE' | 'MANTIDA' | 'REVERTIDA'; prazo: string; solicitada_em: string; fundamentacao: string | null; decidida_em: string | null; decidida_por: string | null };

const COR: Record<ResultadoCredito, string> = { APROVAR: 'green', ANALISAR: 'yellow', NEGAR: 'red' };

export interface AvaliacaoPanelProps {
  garantiaId: number;
  avaliacao: Avaliacao | null;
  revisao: Revisao | null;
  /** the guarantee is still denied by the policy alone (NÃO AUTORIZADO without a person's decision) */
  revisavel: boolean;
  invalidate?: QueryKey[];
  onRevisao?: () => void;
}

/**
 * The credit policy's evaluation of a guarantee (issue 29): version, outcome and its main criteria
 * in plain Portuguese; for an automatic denial, the right to a human review (LGPD art. 20) —
 * "Solicitar revisão", then its 10-day deadline and, once decided, the reviewer's decision and reasoning.
 */
export function AvaliacaoPanel({ garantiaId, avaliacao, revisao: revisaoProp, revisavel, invalidate = [], onRevisao }: AvaliacaoPanelProps) {
  const [justificativa, setJustificativa] = useState('');
  const [pedida, setPedida] = useState<Revisao | null>(null);
  const solicitar = useSubmit(() => call(creditoContracts.revisaoSolicitar, { params: { id: garantiaId }, body: { justificativa: justificativa || undefined } }), {
    invalidate,
    onSuccess: (r) => {
      setPedida(r.data);
      onRevisao?.();
    },
  });
  if (!avaliacao) return null;
  const revisao = revisaoProp ?? pedida;
  return (
    <Section title="Avaliação da política de crédito">
      <Stack gap="xs">
        <Group>
          <Badge color={COR[avaliacao.resultado]} size="lg">{RESULTADO_CREDITO_LABEL[avaliacao.resultado]}</Badge>
          <Text size="sm" c="dimmed">Política de crédito, versão {avaliacao.versao} — decisão automatizada</Text>
        </Group>
        <Text size="sm" fw={500}>Principais critérios:</Text>
        <List size="sm">{avaliacao.motivos.map((m) => <List.Item key={m.codigo}>{m.texto}</List.Item>)}</List>
        {avaliacao.resultado === 'NEGAR' && !revisao && revisavel && (
          <Alert color="blue" title="Revisão por uma pessoa (LGPD, art. 20)">
            <Text size="sm" mb="xs">Esta negativa foi tomada automaticamente. O cliente tem direito a pedir que um analista a revise; a resposta vem em até 10 dias.</Text>
            <Textarea label="Justificativa (opcional)" value={justificativa} maxLength={2000} onChange={(e) => setJustificativa(e.currentTarget.value)} mb="xs" />
            <Button onClick={() => void solicitar.run()} loading={solicitar.busy}>Solicitar revisão</Button>
          </Alert>
        )}
        {revisao && (
          <Alert color={revisao.status === 'PENDENTE' ? 'blue' : revisao.status === 'REVERTIDA' ? 'green' : 'gray'} title="Revisão humana" data-testid="revisao">
            {revisao.status === 'PENDENTE' ? (
              <Text size="sm">Revisão solicitada em <DateText value={revisao.solicitada_em} withTime />. Prazo para a resposta: <DateText value={revisao.prazo} />.</Text>
            ) : (
              <Text size="sm">
                {revisao.status === 'REVERTIDA' ? 'Negativa revertida: a solicitação voltou para análise.' : 'Negativa mantida.'} Decidida por {revisao.decidida_por}
                {revisao.decidida_em && <> em <DateText value={revisao.decidida_em} withTime /></>}. Fundamentação: {revisao.fundamentacao}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
