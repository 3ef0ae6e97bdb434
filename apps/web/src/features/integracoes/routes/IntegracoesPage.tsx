import { useState } from 'react';
import { Anchor, Button, Code, Menu, Stack, Text } from '@mantine/core';
import { API_ESCOPO_LABEL, formatDateTimeBR, type ApiEscopo } from '@bg/domain';
import { DateText, PagedTable, PageHeader, StatusBadge } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { LojaFiltro } from '../components/LojaFiltro';
import { useSubmit } from '../../../lib/use-submit';
import { chaveKeys, useChavesList } from '../api/chave-queries';
import { chavesApi, type ChaveRow } from '../api/chaves';
import { ChaveSecretaModal } from '../components/ChaveSecretaModal';
import { NovaChaveModal } from '../components/NovaChaveModal';
import { RotacionarChaveModal } from '../components/RotacionarChaveModal';

const STATUS_LABEL: Record<ChaveRow['status'], { text: string; color: string }> = {
  ativa: { text: 'ATIVA', color: 'green' },
  expirada: { text: 'EXPIRADA', color: 'orange' },
  revogada: { text: 'REVOGADA', color: 'red' },
};

export const escoposTexto = (escopos: readonly string[]) => escopos.map((e) => API_ESCOPO_LABEL[e as ApiEscopo] ?? e).join(', ');

/**
 * Administração > Integrações (issue 28, decision 117): the public API's keys — name, visible
 * prefix, scopes, IP allow-list, last use, validity, situação — with Nova chave (the key shown
 * once), Gerar novo segredo (rotation with an overlap) and Revogar. Administradores see every
 * shop's keys (or one shop's); a shop's user with the permission its own shop's.
 */
export function IntegracoesPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const [empresaId, setEmpresaId] = useState<number | null>(null);
  const list = useChavesList({ empresa_id: null });
  const [nova, setNova] = useState(false);
  const [rotacionar, setRotacionar] = useState<ChaveRow | null>(null);
  const [segredo, setSegredo] = useState<{ chave: string; anteriorValidoAte: string | null } | null>(null);

  const revogar = useSubmit((c: ChaveRow) => chavesApi.revoke(c.id), {
    confirm: (c) => ({
      title: 'Revogar chave',
      text: `Revogar a chave "${c.nome}" (${c.prefixo})? Todas as chamadas com ela passam a ser recusadas imediatamente. Esta ação não pode ser desfeita.`,
      confirmLabel: 'Revogar chave',
    }),
    invalidate: [chaveKeys.all],
  });

  return (
    <Stack>
      <PageHeader title="Integrações" actions={<Button onClick={() => setNova(true)}>Nova chave</Button>} />
      <Text size="sm" c="dimmed">
        Chaves de API permitem que o sistema da loja (ERP, loja virtual) solicite garantias, consulte garantias e boletos e baixe boletos, carnês e recibos pela API
        pública. Cada chave age somente pela sua loja, com os escopos escolhidos. Documentação:{' '}
        <Anchor href="/api/v1/docs" target="_blank" rel="noopener">
          /api/v1/docs
        </Anchor>
        .
      </Text>
      {admin && (
        <LojaFiltro
          value={empresaId}
          onChange={(id) => {
            setEmpresaId(id);
            list.setFilters({ empresa_id: id });
          }}
        />
      )}
      <PagedTable<ChaveRow>
        caption="Chaves de API"
        rowKey={(c) => c.id}
        {...list.tableProps}
        columns={[
          ...(admin ? [{ key: 'empresa', header: 'Loja', kind: 'name' as const, render: (c: ChaveRow) => c.empresa }] : []),
          {
            key: 'nome',
            header: 'Nome',
            render: (c) => (
              <Stack gap={2}>
                <Text size="sm">{c.nome}</Text>
                <Code>{c.prefixo}</Code>
              </Stack>
            ),
          },
          { key: 'escopos', header: 'Escopos', render: (c) => <Text size="sm" maw={240}>{escoposTexto(c.escopos)}</Text> },
          { key: 'ips', header: 'IPs', render: (c) => <Text size="sm" maw={180} style={{ overflowWrap: 'anywhere' }}>{c.ips.length ? c.ips.join(', ') : 'Qualquer'}</Text> },
          {
            key: 'uso',
            header: 'Último uso',
            render: (c) =>
              c.ultimo_uso_em ? (
                <Stack gap={2}>
                  <DateText value={c.ultimo_uso_em} withTime />
                  {c.ultimo_uso_ip && (
                    <Text size="xs" c="dimmed">
                      {c.ultimo_uso_ip}
                    </Text>
                  )}
                </Stack>
              ) : (
                'Nunca usada'
              ),
          },
          { key: 'validade', header: 'Validade', render: (c) => (c.expira_em ? <DateText value={c.expira_em} withTime /> : 'Sem validade') },
          {
            key: 'status',
            header: 'Situação',
            render: (c) => (
              <Stack gap={2}>
                <StatusBadge status={STATUS_LABEL[c.status].text} color={STATUS_LABEL[c.status].color} />
                {c.segredo_anterior && (
                  <Text size="xs" c="orange" maw={200}>
                    Segredo anterior ({c.segredo_anterior.prefixo}) vale até {formatDateTimeBR(c.segredo_anterior.valido_ate)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'acao',
            header: 'Ação',
            kind: 'actions',
            render: (c) =>
              c.status === 'ativa' ? (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="xs" variant="light" aria-label={`Ações da chave ${c.nome}`}>
                      Ações
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setRotacionar(c)}>Gerar novo segredo</Menu.Item>
                    <Menu.Item color="red" onClick={() => void revogar.run(c)}>
                      Revogar
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ) : c.status === 'expirada' ? (
                <Button size="xs" variant="subtle" color="red" onClick={() => void revogar.run(c)} aria-label={`Revogar a chave ${c.nome}`}>
                  Revogar
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {nova && (
        <NovaChaveModal
          admin={admin}
          empresaId={admin ? empresaId : (user.empresa?.id ?? null)}
          onClose={() => setNova(false)}
          onCreated={(s) => {
            setNova(false);
            setSegredo({ chave: s.chave, anteriorValidoAte: null });
          }}
        />
      )}
      {rotacionar && (
        <RotacionarChaveModal
          chave={rotacionar}
          onClose={() => setRotacionar(null)}
          onRotated={(chave, ate) => {
            setRotacionar(null);
            setSegredo({ chave, anteriorValidoAte: new Date(ate).getTime() > Date.now() ? formatDateTimeBR(ate) : null });
          }}
        />
      )}
      {segredo && <ChaveSecretaModal chave={segredo.chave} anteriorValidoAte={segredo.anteriorValidoAte} onClose={() => setSegredo(null)} />}
    </Stack>
  );
}
