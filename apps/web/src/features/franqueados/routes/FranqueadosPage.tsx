import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCpfCnpj } from '@bg/domain';
import { DataTable, DateText, PageHeader, StatusBadge } from '../../../components';
import { franqueadosQuery } from '../api/franqueado-queries';
import type { Franqueada } from '../api/franqueados';

/** Administração > Franqueados (/cadastros/empresas): each franchisor with its franchisees. */
export function FranqueadosPage() {
  const query = useQuery(franqueadosQuery());
  return (
    <Stack>
      <PageHeader title="Franqueados" />
      {query.data?.length === 0 && <Text c="dimmed">Nenhuma empresa possui franqueadas.</Text>}
      {(query.data ?? []).map((f) => (
        <Paper key={f.id} withBorder p="md">
          <Stack gap="xs">
            <Title order={5}>
              <Anchor component={Link} to={`/administracao/empresas/atualizacao/${f.id}`}>
                {f.fantasia}
              </Anchor>{' '}
              <Text span c="dimmed" fz="sm">
                {formatCpfCnpj(f.cnpj)} · {f.franqueadas.length} franqueada(s)
              </Text>
            </Title>
            <DataTable<Franqueada>
              caption={`Franqueadas de ${f.fantasia}`}
              rows={f.franqueadas}
              rowKey={(r) => r.id}
              columns={[
                { key: 'id', header: 'ID' },
                { key: 'fantasia', header: 'Fantasia', render: (r) => <Anchor component={Link} to={`/administracao/empresas/atualizacao/${r.id}`}>{r.fantasia}</Anchor> },
                { key: 'cnpj', header: 'CNPJ', render: (r) => formatCpfCnpj(r.cnpj) },
                { key: 'cidade', header: 'Cidade/UF', render: (r) => `${r.cidade}/${r.uf}` },
                { key: 'comissao', header: 'Comissão', render: (r) => `${r.comissao_franqueado.toLocaleString('pt-BR')}%` },
                { key: 'situacao', header: 'Situação', render: (r) => <StatusBadge status={r.situacao} /> },
                { key: 'created_at', header: 'Dt. Cadastro', render: (r) => <DateText value={r.created_at} /> },
              ]}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
