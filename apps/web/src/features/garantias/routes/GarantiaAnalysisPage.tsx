import { useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { padParcela, type DenyReason } from '@bg/domain';
import { DataTable, DateText, DuplicataDropzone, MoneyText, PageHeader, Section, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { boletoBancoKeys } from '../../../lib/boleto-banco';
import { useSubmit } from '../../../lib/use-submit';
import { garantiaKeys, garantiaQuery } from '../api/garantia-queries';
import { garantiasApi, type AcertoBody, type BoletoRow, type GarantiaDetail } from '../api/garantias-api';
import { AdminGarantiaStatus } from '../components/AdminGarantiaStatus';
import { AcertoModal } from '../components/AcertoModal';
import { BoletosNoBanco } from '../components/BoletosNoBanco';
import { ConsultaPanel } from '../components/ConsultaPanel';
import { AvaliacaoPanel } from '../../../components/AvaliacaoPanel';
import { DenyModal } from '../components/DenyModal';
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
  const query = useQuery(garantiaQuery(id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: garantiaKeys.detail(id) });
  const protocolo = query.data?.protocolo ?? '';

  // every decision refetches the analysis and the list, whatever the answer (a 409 means it changed)
  const invalidate = [garantiaKeys.detail(id), garantiaKeys.all];
  const aprovar = useSubmit(() => garantiasApi.aprovar(id), {
    confirm: () => ({ title: 'Aprovar garantia', text: `Confirma a aprovação da garantia ${protocolo}?`, confirmLabel: 'Sim, aprovar garantia' }),
    invalidate,
  });
  const liberar = useSubmit(() => garantiasApi.liberaBoleto(id), {
    confirm: () => ({ title: 'Liberar boletos', text: `Confirma a liberação dos boletos da garantia ${protocolo}?`, confirmLabel: 'Sim, liberar boletos' }),
    invalidate,
  });
  const cancelar = useSubmit(() => garantiasApi.cancelar(id), {
    confirm: () => ({ title: 'Cancelar garantia', text: `Confirma o cancelamento da garantia ${protocolo}? Os boletos em aberto serão cancelados.`, confirmLabel: 'Sim, cancelar garantia', confirmColor: 'red' }),
    invalidate,
  });
  const negar = useSubmit((motivo: DenyReason, observacao: string) => garantiasApi.negar(id, motivo, observacao), { invalidate, onSuccess: () => setDenying(false) });
  // spec §9: the result dialog closes after 1 s following a slip update
  const acertar = useSubmit((b: BoletoRow, values: AcertoBody) => garantiasApi.acerto(b.id, values), {
    // by API, the new value/due date waits for the bank: the boleto's bank panel says so (issue 26)
    invalidate: [...invalidate, boletoBancoKeys.all],
    result: { autoCloseMs: 1000 },
    onSuccess: () => setAcerto(null),
  });
  const duplicatas = useSubmit((files: File[]) => garantiasApi.uploadDuplicata(id, files), { invalidate });

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
      <AvaliacaoPanel garantiaId={g.id} avaliacao={g.avaliacao} revisao={g.revisao} revisavel={g.status === 'NÃO AUTORIZADO' && !g.decidido_por_nome} invalidate={invalidate} />
      <ImageGallery title="Documentação" files={g.documentacao} />
      <ImageGallery title="Duplicatas Assinadas" files={g.duplicatas}>
        {open && (
          <DuplicataDropzone loading={duplicatas.busy} onUpload={duplicatas.run} enviadas={g.duplicatas.length} />
        )}
      </ImageGallery>
      <Section title="Boletos">
        <DataTable<BoletoRow>
          caption="Boletos da garantia"
          rowKey={(b) => b.id}
          rows={g.boletos}
          columns={[
            { key: 'protocolo', header: 'Boleto', kind: 'document' },
            { key: 'parcela', header: 'Parcela', render: (b) => padParcela(b.parcela) },
            { key: 'valor', header: 'Valor', kind: 'money', render: (b) => <MoneyText value={b.valor} /> },
            { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (b) => <DateText value={b.vencimento} /> },
            { key: 'situacao', header: 'Situação', render: (b) => <StatusBadge status={b.situacao ?? 'AGUARDANDO LIBERAÇÃO'} /> },
            {
              key: 'acoes',
              header: 'Ações',
              kind: 'actions',
              render: (b) =>
                open && EDITABLE.has(b.situacao) ? (
                  <Button size="xs" variant="light" onClick={() => setAcerto(b)}>
                    Acerto de Atendimento
                  </Button>
                ) : null,
            },
          ]}
        />
      </Section>
      <BoletosNoBanco garantiaId={g.id} boletos={g.boletos} />
      <Section title="Boletos Anteriores">
        <DataTable
          caption="Boletos Anteriores"
          rowKey={(b) => b.id}
          rows={g.boletos_anteriores}
          emptyText="Nenhuma garantia anterior desta pessoa."
          columns={[
            { key: 'garantia_protocolo', header: 'Garantia', kind: 'document' },
            { key: 'data', header: 'Data', kind: 'date', render: (b) => <DateText value={b.data} /> },
            { key: 'loja', header: 'Loja', kind: 'name' },
            { key: 'parcela', header: 'Parcela', render: (b) => padParcela(b.parcela) },
            { key: 'valor', header: 'Valor', kind: 'money', render: (b) => <MoneyText value={b.valor} /> },
            { key: 'vencimento', header: 'Vencimento', kind: 'date', render: (b) => <DateText value={b.vencimento} /> },
            {
              key: 'situacao',
              header: 'Situação',
              render: (b) => (b.situacao ? <StatusBadge status={b.situacao} /> : <AdminGarantiaStatus status={b.garantia_status} />),
            },
          ]}
        />
      </Section>
      <ConsultaPanel title="Consulta Restritiva" result={g.consultas.restritiva} onRun={() => garantiasApi.consulta(g.id, 'consultaRestritiva').then(refresh)} />
      <ConsultaPanel title="Consulta Analítica" result={g.consultas.analitica} onRun={() => garantiasApi.consulta(g.id, 'consultaAnalitica').then(refresh)} />
      <Group justify="flex-end" gap="sm">
        {g.status === 'PENDENTE' && (
          <>
            <Button color="green" loading={aprovar.busy} onClick={() => void aprovar.run()}>
              Aprovar
            </Button>
            <Button color="red" onClick={() => setDenying(true)}>
              Negar
            </Button>
          </>
        )}
        {g.status === 'APROVADO' && g.libera_boleto !== 'S' && (
          <Button loading={liberar.busy} onClick={() => void liberar.run()}>
            Libera Boleto(s)
          </Button>
        )}
        {g.status === 'APROVADO' && (
          <Button color="red" variant="outline" loading={cancelar.busy} onClick={() => void cancelar.run()}>
            Cancelar Garantia
          </Button>
        )}
      </Group>
      <DenyModal
        opened={denying}
        onClose={() => setDenying(false)}
        loading={negar.busy}
        onConfirm={async (motivo, observacao) => {
          await negar.run(motivo, observacao);
        }}
      />
      <AcertoModal
        boleto={acerto}
        onClose={() => setAcerto(null)}
        loading={acertar.busy}
        onConfirm={(b, values) => void acertar.run(b, values)}
      />
    </Stack>
  );
}
