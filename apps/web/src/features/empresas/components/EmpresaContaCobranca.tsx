import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSubmit } from '../../../lib/use-submit';
import { salvarContaDaEmpresa } from '../api/empresa-conta';
import { contasDeCobrancaQuery, empresaKeys } from '../api/empresa-queries';

const PADRAO = 'padrao';

/**
 * The shop's conta de cobrança on its edit page (administradores, decision 126): its boletos are
 * numbered in the conta chosen here, or in the house default. Boletos already issued keep theirs.
 */
export function EmpresaContaCobranca({ empresaId }: { empresaId: number }) {
  const contas = useQuery(contasDeCobrancaQuery());
  const atual = contas.data?.find((c) => c.empresas.some((e) => e.id === empresaId));
  // the administrador's choice, else what is saved
  const [escolhida, setEscolha] = useState<string | null>(null);
  const escolha = escolhida ?? (contas.data ? (atual ? String(atual.id) : PADRAO) : null);
  const salvar = useSubmit(salvarContaDaEmpresa, { invalidate: [empresaKeys.contas] });
  const opcoes = [
    { value: PADRAO, label: 'Conta padrão da casa' },
    ...(contas.data ?? []).filter((c) => c.ativa).map((c) => ({ value: String(c.id), label: `${c.banco} — agência ${c.agencia}, beneficiário ${c.codigo_beneficiario}, carteira ${c.carteira}` })),
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={5}>Conta de cobrança</Title>
        <Text size="sm" c="dimmed">
          Os boletos desta loja são emitidos na conta escolhida; sem escolha, na conta padrão da casa. Os já emitidos continuam na conta que os emitiu.
        </Text>
        <Group align="flex-end">
          <Select label="Conta de cobrança da loja" w={460} allowDeselect={false} data={opcoes} value={escolha} onChange={setEscolha} disabled={!contas.data} />
          <Button loading={salvar.busy} disabled={!escolha} onClick={() => escolha && salvar.run(empresaId, escolha === PADRAO ? null : Number(escolha))}>
            Salvar conta de cobrança
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
