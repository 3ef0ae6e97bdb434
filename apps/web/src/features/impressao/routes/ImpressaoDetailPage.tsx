import { Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { formatCpfCnpj, formatProtocol } from '@bg/domain';
import { DataTable, DateText, MoneyText, PageHeader, showError, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { DuplicataDropzone } from '../components/DuplicataDropzone';
import { getGarantiaImpressao, openPdf, pdfs, type ParcelaImpressao } from '../api/impressao';

const open = (load: () => Promise<string>) => openPdf(load).catch((err) => showError(errorMessage(err)));

/** Boletos da Garantia: request data, carnê/duplicatas, one slip per instalment, duplicata upload. */
export function ImpressaoDetailPage() {
  const id = Number(useParams().garantiaId);
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['impressao', 'detalhe', id], queryFn: () => getGarantiaImpressao(id) });
  const g = query.data;
  if (query.isError) return <PageHeader title={errorMessage(query.error)} />;
  if (!g) return <Loader />;
  const liberado = g.libera_boleto === 'S';
  // Spec: disabled while APROVADO without release. A guarantee never released (PENDENTE, denied,
  // cancelled) has no printable slip either, so the button stays disabled rather than answer a 409.
  const gerarDisabled = !liberado;
  return (
    <Stack>
      <PageHeader title="Boletos da Garantia" />
      <Table withTableBorder aria-label="Dados da solicitação">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Protocolo</Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Pessoa</Table.Th>
            <Table.Th>Cpf/Cnpj</Table.Th>
            <Table.Th>Quant.</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{formatProtocol(g.id, g.digito)}</Table.Td>
            <Table.Td><DateText value={g.data} /></Table.Td>
            <Table.Td>{g.nome_razao}</Table.Td>
            <Table.Td>{formatCpfCnpj(g.cpf_cnpj)}</Table.Td>
            <Table.Td>{g.qtd_titulo}</Table.Td>
            <Table.Td><StatusBadge status={g.situacao} /></Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        {liberado && <Button onClick={() => open(() => pdfs.carne(g.id))}>Imprimir Carnê</Button>}
        <Button variant="light" onClick={() => open(() => pdfs.duplicatas(g.id))}>Imprimir Duplicatas</Button>
      </Group>
      <Title order={5}>Parcelas</Title>
      <DataTable<ParcelaImpressao>
        rowKey={(b) => b.id}
        rows={g.boletos}
        caption="Parcelas"
        columns={[
          { key: 'parcela', header: 'Parcela', render: (b) => String(b.parcela).padStart(2, '0') },
          { key: 'valor', header: 'Valor', align: 'right', render: (b) => <MoneyText value={b.valor} /> },
          { key: 'vencimento', header: 'Vencimento', render: (b) => <DateText value={b.vencimento} /> },
          { key: 'situacao', header: 'Situação', render: (b) => (b.situacao ? <StatusBadge status={b.situacao} /> : '—') },
          {
            key: 'acao',
            header: '',
            align: 'right',
            render: (b) => (
              <Button size="xs" disabled={gerarDisabled} onClick={() => open(() => pdfs.boleto(b.id))} aria-label={`Gerar Boleto da parcela ${b.parcela}`}>
                Gerar Boleto
              </Button>
            ),
          },
        ]}
      />
      <Title order={5}>Duplicatas assinadas</Title>
      <DuplicataDropzone garantiaId={g.id} />
      <Group>
        <Button variant="default" onClick={() => navigate('/operacao/garantias/impressao')}>Voltar</Button>
      </Group>
    </Stack>
  );
}
