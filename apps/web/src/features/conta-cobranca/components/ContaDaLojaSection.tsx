import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { definirContaDaLoja } from '../api/contas';
import { contaCobrancaKeys, contasQuery } from '../api/conta-cobranca-queries';

const PADRAO = 'padrao';

/**
 * "Conta da loja" (decision 126): a shop may number its boletos in a conta of its own; without one it
 * uses the house default. Shows the shop's current choice (from the contas' list) and saves another.
 */
export function ContaDaLojaSection() {
  const empresas = useQuery(empresasForSelectQuery());
  const contas = useQuery(contasQuery());
  const [loja, setLoja] = useState<string | null>(null);
  const [escolha, setEscolha] = useState<string | null>(null);
  const salvar = useSubmit((empresaId: number, contaId: number | null) => definirContaDaLoja(empresaId, contaId), { invalidate: [contaCobrancaKeys.current] });
  const atual = (empresaId: string | null) => {
    const conta = contas.data?.find((c) => c.empresas.some((e) => String(e.id) === empresaId));
    return conta ? String(conta.id) : PADRAO;
  };
  const opcoes = [
    { value: PADRAO, label: 'Conta padrão da casa' },
    ...(contas.data ?? []).filter((c) => c.ativa).map((c) => ({ value: String(c.id), label: `${c.banco} — agência ${c.agencia}, beneficiário ${c.codigo_beneficiario}, carteira ${c.carteira}` })),
  ];
  return (
    <Stack gap="xs">
      <Title order={4}>Conta da loja</Title>
      <Text size="sm" c="dimmed">
        Os boletos de uma loja são emitidos na conta escolhida para ela; sem escolha, na conta padrão da casa. Os boletos já emitidos continuam na conta que os emitiu.
      </Text>
      <Group align="flex-end">
        <Select
          label="Loja"
          w={320}
          searchable
          data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
          value={loja}
          onChange={(v) => {
            setLoja(v);
            setEscolha(v ? atual(v) : null);
          }}
        />
        <Select label="Conta de cobrança da loja" w={420} allowDeselect={false} disabled={!loja} data={opcoes} value={escolha} onChange={setEscolha} />
        <Button disabled={!loja || !escolha} loading={salvar.busy} onClick={() => loja && escolha && salvar.run(Number(loja), escolha === PADRAO ? null : Number(escolha))}>
          Salvar conta da loja
        </Button>
      </Group>
    </Stack>
  );
}
