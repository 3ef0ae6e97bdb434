import { useState } from 'react';
import { Badge, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Section } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { contasBancoQuery } from '../api/conta-cobranca-queries';
import type { ContaBanco } from '../api/conta-banco';
import { IntegracaoForm } from './IntegracaoForm';

const BANCOS: Record<string, string> = { '001': 'Banco do Brasil', '104': 'Caixa' };
const contaLabel = (c: ContaBanco) =>
  `${BANCOS[c.banco] ?? c.banco} — agência ${c.agencia}, beneficiário ${c.codigo_beneficiario} (${c.modo === 'API' ? 'API' : 'arquivo CNAB'})${c.ativa ? ' — em uso' : ''}`;

/**
 * Integração com o banco (issue 26): the active conta first, and any older one chosen from the
 * list — boletos already issued keep the conta they were numbered from, so each one still has its
 * own mode and credentials.
 */
export function IntegracaoBancoSection() {
  const query = useQuery(contasBancoQuery());
  const [escolhida, setEscolhida] = useState<number | null>(null);
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Text c="red">{errorMessage(query.error, 'Não foi possível ler as contas de cobrança.')}</Text>;
  const contas = query.data;
  if (contas.length === 0) return null;
  const conta = contas.find((c) => c.id === escolhida) ?? contas[0];
  return (
    <Section
      title="Integração com o banco"
      actions={
        <Badge variant="light" color={conta.modo === 'API' ? 'teal' : 'gray'}>
          {conta.modo === 'API' ? 'API do banco' : 'Arquivo CNAB'}
        </Badge>
      }
    >
      <Stack gap="sm">
        {contas.length > 1 && (
          <Select
            label="Conta"
            allowDeselect={false}
            data={contas.map((c) => ({ value: String(c.id), label: contaLabel(c) }))}
            value={String(conta.id)}
            onChange={(v) => setEscolhida(v ? Number(v) : null)}
          />
        )}
        {contas.length === 1 && <Text size="sm">{contaLabel(conta)}</Text>}
        <IntegracaoForm key={conta.id} conta={conta} />
      </Stack>
    </Section>
  );
}
