import { useState } from 'react';
import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { formatCpfCnpj, formatProtocol, MSG, padParcela, PAYABLE_SITUACOES } from '@bg/domain';
import { DataTable, DateText, DuplicataDropzone, DuplicatasEnviadas, duplicatasKey, duplicatasQuery, MoneyText, PageHeader, showError, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { openPdf, pdfs, uploadDuplicatas, type ParcelaImpressao } from '../api/impressao';
import { assinaturasQuery, garantiaImpressaoQuery } from '../api/impressao-queries';
import { AssinaturaModal } from '../components/AssinaturaModal';
import { AssinaturasEnviadas } from '../components/AssinaturasEnviadas';
import { ParcelasNoBanco } from '../components/ParcelasNoBanco';

const open = (load: () => Promise<string>) => openPdf(load).catch((err) => showError(errorMessage(err)));

/** Boletos da Garantia: request data, carnê/duplicatas, one slip per instalment, duplicata upload. */
export function ImpressaoDetailPage() {
  const id = Number(useParams().garantiaId);
  const navigate = useNavigate();
  const query = useQuery(garantiaImpressaoQuery(id));
  // spec §8: an upload that fails without a message of its own is "Servidor não configurado!"
  const duplicatas = useSubmit((files: File[]) => uploadDuplicatas(id, files), { errorFallback: MSG.uploadNotConfigured, invalidate: [duplicatasKey(id)] });
  // the duplicatas already sent: listed below, and what remains of the 12 for the dropzone
  const enviadas = useQuery(duplicatasQuery(id));
  const [assinando, setAssinando] = useState(false);
  const assinaturas = useQuery(assinaturasQuery(id));
  const g = query.data;
  if (query.isError) return <PageHeader title={errorMessage(query.error)} />;
  if (!g) return <Loader />;
  const liberado = g.libera_boleto === 'S';
  // Spec: disabled while APROVADO without release. A guarantee never released (PENDENTE, denied,
  // cancelled) has no printable slip either, so the button stays disabled rather than answer a 409.
  const gerarDisabled = !liberado;
  // a slip is offered only while it can still be paid (DOMAIN.md "Seams"): never for a boleto
  // LIQUIDADO, BAIXADO, CANCELADO or QUITADO — the server refuses those too
  const pagavel = (b: ParcelaImpressao) => b.situacao !== null && PAYABLE_SITUACOES.includes(b.situacao);
  const algumPagavel = g.boletos.some(pagavel);
  // a franqueado reads its franchisees' guarantees only (DOMAIN.md "Tenancy"): no upload nor
  // signature request is offered, as the server refuses both
  const podeAlterar = g.pode_alterar;
  // a signature is never asked for a debt already settled: offered only while some instalment can
  // still be paid (or none was released yet); only an APROVADO guarantee's, and signed once
  const assinaturaOferecida = podeAlterar && (!liberado || g.boletos.some((b) => b.situacao === null || pagavel(b)));
  const assinaturaDisabled = g.status !== 'APROVADO' || Boolean(assinaturas.data?.some((a) => a.situacao === 'ASSINADA'));
  // an instalment that can no longer be paid has no Gerar Boleto at all; one not yet released has it disabled
  const encerrada = (b: ParcelaImpressao) => b.situacao !== null && !pagavel(b);
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
        {liberado && algumPagavel && <Button onClick={() => open(() => pdfs.carne(g.id))}>Imprimir Carnê</Button>}
        <Button variant="light" onClick={() => open(() => pdfs.duplicatas(g.id))}>Imprimir Duplicatas</Button>
        {assinaturaOferecida && (
          <Button variant="light" disabled={assinaturaDisabled} onClick={() => setAssinando(true)}>
            Assinatura digital
          </Button>
        )}
      </Group>
      {!podeAlterar && (
        <Text size="sm" c="dimmed">
          Garantia de uma loja franqueada: somente consulta.
        </Text>
      )}
      <AssinaturasEnviadas rows={assinaturas.data ?? []} />
      {podeAlterar && <AssinaturaModal garantiaId={g.id} opened={assinando} onClose={() => setAssinando(false)} />}
      <Title order={5}>Parcelas</Title>
      <DataTable<ParcelaImpressao>
        rowKey={(b) => b.id}
        rows={g.boletos}
        caption="Parcelas"
        columns={[
          { key: 'parcela', header: 'Parcela', render: (b) => padParcela(b.parcela) },
          { key: 'valor', header: 'Valor', align: 'right', kind: 'money', render: (b) => <MoneyText value={b.valor} /> },
          { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (b) => <DateText value={b.vencimento} /> },
          { key: 'situacao', header: 'Situação', render: (b) => (b.situacao ? <StatusBadge status={b.situacao} /> : '—') },
          {
            key: 'acao',
            header: '',
            align: 'right',
            kind: 'actions',
            render: (b) =>
              encerrada(b) ? null : (
                <Button size="xs" disabled={gerarDisabled || !pagavel(b)} onClick={() => open(() => pdfs.boleto(b.id))} aria-label={`Gerar Boleto da parcela ${b.parcela}`}>
                  Gerar Boleto
                </Button>
              ),
          },
        ]}
      />
      <ParcelasNoBanco garantiaId={g.id} parcelas={g.boletos} />
      <Title order={5}>Duplicatas enviadas</Title>
      <DuplicatasEnviadas garantiaId={id} />
      {podeAlterar && <DuplicataDropzone loading={duplicatas.busy} onUpload={duplicatas.run} enviadas={enviadas.data?.length ?? 0} />}
      <Group>
        <Button variant="default" onClick={() => navigate('/operacao/garantias/impressao')}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}
