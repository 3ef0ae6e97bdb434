import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { desativarConta, reativarConta, tornarPadrao, type ContaListada } from '../api/contas';
import { bancosQuery, contaCobrancaKeys, contasQuery } from '../api/conta-cobranca-queries';

/** "Padrão da casa", "Ativa" or "Desativada". */
function Situacao({ conta }: { conta: ContaListada }) {
  if (conta.padrao) return <Badge color="green">Padrão da casa</Badge>;
  return conta.ativa ? <Badge color="blue">Ativa</Badge> : <Badge color="gray">Desativada</Badge>;
}

/**
 * Every conta de cobrança (decision 126): bank, agência, beneficiário, carteira, layout and mode,
 * what it issued and which shops use it; Editar loads it in the form, and the house default,
 * deactivation and reactivation are one click each (the server refuses to deactivate the default).
 */
export function ContasLista({ editando, onEditar }: { editando: number | null; onEditar: (conta: ContaListada) => void }) {
  const contas = useQuery(contasQuery());
  const bancos = useQuery(bancosQuery());
  const nomeBanco = (codigo: string) => bancos.data?.find((b) => b.codigo === codigo)?.nome ?? codigo;
  const invalidate = [contaCobrancaKeys.current];
  const padrao = useSubmit(tornarPadrao, { invalidate });
  const desativar = useSubmit(desativarConta, {
    invalidate,
    confirm: {
      title: 'Desativar conta',
      text: 'A conta não emitirá novos boletos; os já emitidos continuam nela. As lojas que a usavam passam à conta padrão da casa.',
      confirmLabel: 'Desativar conta',
      confirmColor: 'red',
    },
  });
  const reativar = useSubmit(reativarConta, { invalidate });
  return (
    <DataTable<ContaListada>
      caption="Contas de cobrança"
      rowKey={(c) => c.id}
      rows={contas.data ?? []}
      loading={contas.isLoading}
      columns={[
        { key: 'banco', header: 'Banco', render: (c) => `${c.banco} - ${nomeBanco(c.banco)}` },
        { key: 'agencia', header: 'Agência' },
        { key: 'codigo_beneficiario', header: 'Beneficiário / Convênio' },
        { key: 'carteira', header: 'Carteira' },
        { key: 'layout_cnab', header: 'Remessa', render: (c) => (c.modo === 'API' ? 'API do banco' : `CNAB ${c.layout_cnab}`) },
        { key: 'situacao', header: 'Situação', render: (c) => <Situacao conta={c} /> },
        { key: 'boletos_emitidos', header: 'Boletos', align: 'right' },
        {
          key: 'empresas',
          header: 'Lojas',
          render: (c) => (c.padrao ? <Text size="sm">Demais lojas</Text> : c.empresas.map((e) => e.nome).join(', ') || '—'),
        },
        {
          key: 'acoes',
          header: 'Ações',
          kind: 'actions',
          render: (c) => (
            <Group gap="xs" wrap="nowrap">
              {c.ativa && (
                <Button size="xs" variant={editando === c.id ? 'filled' : 'light'} onClick={() => onEditar(c)}>
                  Editar
                </Button>
              )}
              {c.ativa && !c.padrao && (
                <Button size="xs" variant="light" loading={padrao.busy} onClick={() => padrao.run(c.id)}>
                  Tornar padrão
                </Button>
              )}
              {c.ativa && !c.padrao && (
                <Button size="xs" variant="light" color="red" loading={desativar.busy} onClick={() => desativar.run(c.id)}>
                  Desativar
                </Button>
              )}
              {!c.ativa && (
                <Button size="xs" variant="light" loading={reativar.busy} onClick={() => reativar.run(c.id)}>
                  Reativar
                </Button>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
