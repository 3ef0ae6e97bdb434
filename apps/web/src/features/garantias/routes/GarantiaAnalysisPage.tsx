import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { padParcela } from '@bg/domain';
import { confirmAction, DataTable, DateText, MoneyText, PageHeader, showResult, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { garantiasApi, type BoletoRow, type GarantiaDetail } from '../api/garantias-api';
import { AcertoModal } from '../components/AcertoModal';
import { ConsultaPanel } from '../components/ConsultaPanel';
import { DenyModal } from '../components/DenyModal';
import { DuplicataDropzone } from '../components/DuplicataDropzone';
import { GarantiaInfo } from '../components/GarantiaInfo';
import { ImageGallery } from '../components/ImageGallery';

const EDITABLE = new Set<string | null>([null, 'DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO']);

/** "Análise da Garantia" (administrador): every section of spec §2 and the decisions of §4. */
export function GarantiaAnalysisPage() {
  const id = Number(useParams().garantiaId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [denying, setDenying] = useState(false);
  const [acerto, setAcerto] = useState<BoletoRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const query = useQuery({ queryKey: ['garantia', id], queryFn: () => garantiasApi.get(id), enabled: Number.isInteger(id) && id > 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['garantia', id] });

  const act = async (fn: () => Promise<{ status: number; msg: string }>, autoCloseMs?: number) => {
    try {
      const res = await fn();
      showResult(res, { autoCloseMs });
      return true;
    } catch (err) {
      showResult({ status: 0, msg: errorMessage(err) });
      return false;
    } finally {
      await refresh();
      void queryClient.invalidateQueries({ queryKey: ['garantias'] });
    }
  };
  const confirmThen = async (title: string, text: string, fn: () => Promise<{ status: number; msg: string }>, color?: string) => {
    if (await confirmAction({ title, text, confirmColor: color })) await act(fn);
  };

  if (query.isLoading) return <Loader />;
  if (query.isError || !query.data) return <Text c="red">{errorMessage(query.error, 'Garantia não encontrada.')}</Text>;
  const g: GarantiaDetail = query.data;
  const open = g.status === 'PENDENTE' || g.status === 'APROVADO';

  return (
    <Stack>
      <PageHeader
        title={`Análise da Garantia ${g.protocolo}`}
        actions={
          <Button variant="default" onClick={() => navigate('/operacao/garantias')}>
            Voltar
          </Button>
        }
      />
      <GarantiaInfo g={g} />
      <ImageGallery title="Documentação" files={g.documentacao} />
      <ImageGallery title="Duplicatas Assinadas" files={g.duplicatas}>
        {open && (
          <DuplicataDropzone
            loading={uploading}
            onUpload={async (files) => {
              setUploading(true);
              await act(() => garantiasApi.uploadDuplicata(g.id, files));
              setUploading(false);
            }}
          />
        )}
      </ImageGallery>
      <Paper withBorder p="md" component="section" aria-label="Boletos">
        <Title order={5} mb="sm">
          Boletos
        </Title>
        <DataTable<BoletoRow>
          caption="Boletos da garantia"
          rowKey={(b) => b.id}
          rows={g.boletos}
          columns={[
            { key: 'protocolo', header: 'Boleto' },
            { key: 'parcela', header: 'Parcela', render: (b) => padParcela(b.parcela) },
            { key: 'valor', header: 'Valor', render: (b) => <MoneyText value={b.valor} /> },
            { key: 'vencimento', header: 'Vencimento', render: (b) => <DateText value={b.vencimento} /> },
            { key: 'situacao', header: 'Situação', render: (b) => <StatusBadge status={b.situacao ?? 'AGUARDANDO LIBERAÇÃO'} /> },
            {
              key: 'acoes',
              header: 'Ações',
              render: (b) =>
                open && EDITABLE.has(b.situacao) ? (
                  <Button size="xs" variant="light" onClick={() => setAcerto(b)}>
                    Acerto de Atendimento
                  </Button>
                ) : null,
            },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Boletos Anteriores">
        <Title order={5} mb="sm">
          Boletos Anteriores
        </Title>
        <DataTable
          caption="Boletos Anteriores"
          rowKey={(b) => b.id}
          rows={g.boletos_anteriores}
          emptyText="Nenhuma garantia anterior desta pessoa."
          columns={[
            { key: 'garantia_protocolo', header: 'Garantia' },
            { key: 'data', header: 'Data', render: (b) => <DateText value={b.data} /> },
            { key: 'loja', header: 'Loja' },
            { key: 'parcela', header: 'Parcela', render: (b) => padParcela(b.parcela) },
            { key: 'valor', header: 'Valor', render: (b) => <MoneyText value={b.valor} /> },
            { key: 'vencimento', header: 'Vencimento', render: (b) => <DateText value={b.vencimento} /> },
            { key: 'situacao', header: 'Situação', render: (b) => <StatusBadge status={b.situacao ?? b.garantia_status} /> },
          ]}
        />
      </Paper>
      <ConsultaPanel title="Consulta Restritiva" result={g.consultas.restritiva} onRun={() => garantiasApi.consulta(g.id, 'consultaRestritiva').then(refresh)} />
      <ConsultaPanel title="Consulta Analítica" result={g.consultas.analitica} onRun={() => garantiasApi.consulta(g.id, 'consultaAnalitica').then(refresh)} />
      <Group justify="flex-end" gap="sm">
        {g.status === 'PENDENTE' && (
          <>
            <Button color="green" onClick={() => void confirmThen('Aprovar garantia', `Confirma a aprovação da garantia ${g.protocolo}?`, () => garantiasApi.aprovar(g.id))}>
              Aprovar
            </Button>
            <Button color="red" onClick={() => setDenying(true)}>
              Negar
            </Button>
          </>
        )}
        {g.status === 'APROVADO' && g.libera_boleto !== 'S' && (
          <Button onClick={() => void confirmThen('Liberar boletos', `Confirma a liberação dos boletos da garantia ${g.protocolo}?`, () => garantiasApi.liberaBoleto(g.id))}>
            Libera Boleto(s)
          </Button>
        )}
        {g.status === 'APROVADO' && (
          <Button color="red" variant="outline" onClick={() => void confirmThen('Cancelar garantia', `Confirma o cancelamento da garantia ${g.protocolo}? Os boletos em aberto serão cancelados.`, () => garantiasApi.cancelar(g.id), 'red')}>
            Cancelar Garantia
          </Button>
        )}
      </Group>
      <DenyModal
        opened={denying}
        onClose={() => setDenying(false)}
        onConfirm={async (motivo, observacao) => {
          if (await act(() => garantiasApi.negar(g.id, motivo, observacao))) setDenying(false);
        }}
      />
      <AcertoModal
        boleto={acerto}
        onClose={() => setAcerto(null)}
        onConfirm={async (b, values) => {
          // spec §9: the result dialog closes after 1 s following a slip update
          if (await act(() => garantiasApi.acerto(b.id, values), 1000)) setAcerto(null);
        }}
      />
    </Stack>
  );
}
