import type { ReactNode } from 'react';
import { Alert, SimpleGrid, Table, Text } from '@mantine/core';
import { formatCpfCnpj, formatDateBR, formatPhone, PESSOA_IDENTIDADE_LABEL } from '@bg/domain';
import { DateText, MoneyText, Section } from '../../../components';
import type { GarantiaDetail } from '../api/garantias-api';
import { AdminGarantiaStatus } from './AdminGarantiaStatus';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* a div: badges (block elements) may sit in it */}
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/**
 * Request data, reason/note and the address and references table of "Análise da Garantia": the
 * person as the guarantee's Loja typed it in this request (its snapshot, decision 104); the extra
 * phones of every view the reader may read, each with its Loja; for administradores, where the
 * typed name or birth date differs from the shared identity.
 */
export function GarantiaInfo({ g }: { g: GarantiaDetail }) {
  const p = g.pessoa;
  const typed = [p.telefone1, p.telefone2].filter((t): t is string => !!t).map((t) => formatPhone(t));
  const extra = p.telefones.map((t) => `${formatPhone(t.telefone)} (${t.loja})`);
  const phones = [...new Set(typed), ...extra];
  const cnpj = p.cpf_cnpj.length === 14;
  const identidade = p.identidade;
  return (
    <>
      <Section title="Dados da Solicitação" label="Dados da solicitação">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <Field label="Protocolo">{g.protocolo}</Field>
          <Field label="Data">
            <DateText value={g.data} withTime />
          </Field>
          <Field label="Loja">{g.empresa.fantasia}</Field>
          <Field label="Solicitante">{g.usuario.name}</Field>
          <Field label={cnpj ? 'Razão Social' : 'Pessoa'}>{p.nome_razao}</Field>
          <Field label="Cpf/Cnpj">{formatCpfCnpj(p.cpf_cnpj)}</Field>
          <Field label="Telefones">{phones.join(' / ')}</Field>
          <Field label="Quantidade">{g.qtd_titulo}</Field>
          <Field label="Situação">
            <AdminGarantiaStatus status={g.status} liberaBoleto={g.libera_boleto} />
          </Field>
          {g.decidido_por_nome && (
            <Field label="Decidido por">
              {g.decidido_por_nome} {g.decidido_em && <DateText value={g.decidido_em} withTime />}
            </Field>
          )}
          {cnpj && <Field label="Sócio Avalista">{p.socio_avalista}</Field>}
          {cnpj && <Field label="CPF do Avalista">{formatCpfCnpj(p.cpf_avalista)}</Field>}
        </SimpleGrid>
        {identidade && p.divergencias.length > 0 && (
          <Alert color="orange" variant="light" mt="md" title="Divergência com a identificação da pessoa">
            {p.divergencias.map((c) => (
              <div key={c}>
                {PESSOA_IDENTIDADE_LABEL[c]} na identificação:{' '}
                {c === 'nome_razao' ? identidade.nome_razao : identidade.data_nascimento ? formatDateBR(identidade.data_nascimento) : 'não informada'}
              </div>
            ))}
          </Alert>
        )}
        {p.origem === 'migracao' && (
          <Text size="xs" c="dimmed" mt="sm">
            Solicitação anterior à separação dos dados por loja: os dados abaixo são os que a loja tinha da pessoa naquela data, não necessariamente os digitados nesta solicitação.
          </Text>
        )}
        {(g.motivo || g.observacao) && (
          <Alert color="red" variant="light" mt="md" title={g.motivo ?? 'Observação'}>
            {g.observacao}
          </Alert>
        )}
      </Section>
      <Section title="Endereço e Referências" label="Endereço e referências">
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                {['Endereço', 'Número', 'Complemento', 'Bairro', 'Cidade', 'Estado', 'Ref. Comercial', 'Telefone', 'Ref. Pessoal', 'Telefone', 'Ocupação', 'Renda'].map((h, i) => (
                  <Table.Th key={i}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{p.endereco}</Table.Td>
                <Table.Td>{p.numero}</Table.Td>
                <Table.Td>{p.complemento}</Table.Td>
                <Table.Td>{p.bairro}</Table.Td>
                <Table.Td>{p.cidade}</Table.Td>
                <Table.Td>{p.uf}</Table.Td>
                <Table.Td>{p.ref_comercial}</Table.Td>
                <Table.Td>{formatPhone(p.tel_ref_comercial)}</Table.Td>
                <Table.Td>{p.ref_pessoal}</Table.Td>
                <Table.Td>{formatPhone(p.tel_ref_pessoal)}</Table.Td>
                <Table.Td>{p.ocupacao}</Table.Td>
                <Table.Td>
                  <MoneyText value={p.renda} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </>
  );
}
