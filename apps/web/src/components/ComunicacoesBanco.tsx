import { Fragment, useState } from 'react';
import { Button, Code, Stack, Table, Text } from '@mantine/core';
import type { ComunicacaoBanco } from '../lib/boleto-banco-calls';
import { DateText } from './DateText';

const OPERACAO: Record<string, string> = {
  token: 'Token (OAuth)',
  registrar: 'Registro',
  consultar: 'Consulta',
  alterar: 'Alteração',
  baixar: 'Baixa',
  listar: 'Listagem',
  webhook: 'Aviso do banco',
};

/** A body as the bank sent or received it: kept whole, wrapped, in a fixed-width font. */
function Corpo({ titulo, texto }: { titulo: string; texto: string | null }) {
  return (
    <div>
      <Text size="xs" fw={600}>
        {titulo}
      </Text>
      {texto ? (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}>
          {texto}
        </Code>
      ) : (
        <Text size="xs" c="dimmed">
          (sem corpo)
        </Text>
      )}
    </div>
  );
}

/**
 * "O que o banco respondeu" (administradores, issue 26): every request, response and webhook of
 * the boleto, newest first, each with its bodies behind a button — they are long JSON texts, and
 * what the operator looks for first is the status and the error.
 */
export function ComunicacoesBanco({ rows }: { rows: ComunicacaoBanco[] }) {
  const [aberta, setAberta] = useState<number | null>(null);
  if (rows.length === 0) return <Text size="sm" c="dimmed">Nenhuma comunicação com o banco ainda.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="O que o banco respondeu" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Operação</Table.Th>
            <Table.Th>Método</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Latência</Table.Th>
            <Table.Th>Erro</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Fragment key={c.id}>
              <Table.Tr>
                <Table.Td>
                  <DateText value={c.created_at} withTime />
                </Table.Td>
                <Table.Td>{OPERACAO[c.operacao] ?? c.operacao}</Table.Td>
                <Table.Td>{c.direcao === 'RECEBIDO' ? `${c.metodo} (recebido)` : c.metodo}</Table.Td>
                <Table.Td>{c.status ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.latencia_ms === null ? '—' : `${c.latencia_ms} ms`}</Table.Td>
                <Table.Td>{c.erro ?? '—'}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => setAberta(aberta === c.id ? null : c.id)} aria-expanded={aberta === c.id}>
                    {aberta === c.id ? 'Ocultar corpos' : 'Ver corpos'}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {aberta === c.id && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Stack gap="xs">
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {c.url}
                        {c.sha256 ? ` — SHA-256 ${c.sha256}` : ''}
                      </Text>
                      <Corpo titulo={c.direcao === 'RECEBIDO' ? 'Corpo recebido' : 'Requisição'} texto={c.requisicao} />
                      <Corpo titulo="Resposta" texto={c.resposta} />
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
