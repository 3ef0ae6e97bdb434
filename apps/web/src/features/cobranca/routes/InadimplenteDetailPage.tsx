import { useState } from 'react';
import { Alert, Button, Loader, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ACORDO_STATUS, formatProtocol } from '@bg/domain';
import { DataTable, DateText, MoneyText, PageHeader, StatusBadge } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { cobrancaApi, type AcordoResumo, type BoletoPendente } from '../api/cobranca';
import { cobrancaKeys, inadimplenteQuery } from '../api/cobranca-queries';
import { abrirTermo } from '../components/AcordoDetailsModal';
import { AcordoSimulacao } from '../components/AcordoSimulacao';
import { AgendamentosDaPessoa } from '../components/AgendamentosDaPessoa';
import { BoletosPendentesTable } from '../components/BoletosPendentesTable';
import { NovoAgendamentoForm } from '../components/NovoAgendamentoForm';
import { PessoaResumo } from '../components/PessoaResumo';

const LIST = '/cobranca/inadimplentes';

/**
 * Detail of a defaulter (spec §2): tab "Novo Acordo" (person, pending boletos with "Incluir no SPC",
 * the simulation and Efetivar Acordo, the person's acordos) and tab "Agendamento" (notes).
 */
export function InadimplenteDetailPage() {
  const id = Number(useParams().inadimplenteId);
  const navigate = useNavigate();
  const query = useQuery(inadimplenteQuery(id));
  const detail = query.data;
  // overdue boletos are ticked for the acordo; the ones still to come are offered unticked
  const [selected, setSelected] = useState<number[]>([]);
  const boletosKey = detail?.boletos.map((b) => b.id).join(',') ?? '';
  // the list changed (an acordo, a refetch): tick its overdue boletos again (while rendering, not in an effect)
  const [selectedFor, setSelectedFor] = useState<string | null>(null);
  if (boletosKey !== selectedFor) {
    setSelectedFor(boletosKey);
    setSelected(detail ? detail.boletos.filter((b) => b.dias_atraso > 0).map((b) => b.id) : []);
  }

  const incluirSpc = useSubmit((b: BoletoPendente) => cobrancaApi.incluirSpc(b.id), {
    confirm: (b) => ({
      title: 'Incluir no SPC',
      text: `Incluir no SPC o boleto ${formatProtocol(b.id, b.digito)} de ${detail?.pessoa.nome_razao ?? ''}? O aviso prévio (CDC art. 43, § 2º) é emitido agora: uma carta registrada com AR ao endereço do devedor, que você imprime e posta, e o mesmo aviso por WhatsApp e e-mail quando houver. Se o débito continuar em aberto ao fim do prazo contado da postagem, o boleto é incluído no SPC e o documento fica impedido de novas garantias até a exclusão.`,
      confirmLabel: 'Sim, emitir o aviso prévio',
      confirmColor: 'red',
    }),
    invalidate: [cobrancaKeys.inadimplente(id), cobrancaKeys.inadimplentes],
    // spec §4: back to the debtor list once the request is sent
    onSuccess: () => navigate(LIST),
  });

  if (query.isPending) return <Loader aria-label="Carregando inadimplente" />;
  if (query.isError || !detail) return <Alert color="red">{errorMessage(query.error, 'Pessoa não encontrada.')}</Alert>;
  // an address typed by hand, a stale link, a debt settled since: nobody to collect from. A person
  // whose overdue boletos went into an acordo still being paid stays a collection case (the operator
  // who just effected it sees the acordo and what is left on the same page).
  const emCobranca = detail.boletos.some((b) => b.dias_atraso > 0) || detail.acordos.some((a) => a.status === ACORDO_STATUS.AGUARDANDO || a.status === ACORDO_STATUS.ATIVO);
  if (!emCobranca) return <SemDebitoVencido detail={detail} onBack={() => navigate(LIST)} />;

  return (
    <Stack>
      <PageHeader
        title={`Inadimplente: ${detail.pessoa.nome_razao}`}
        actions={
          <Button variant="default" onClick={() => navigate(LIST)}>
            Voltar
          </Button>
        }
      />
      <Tabs defaultValue="acordo" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="acordo">Novo Acordo</Tabs.Tab>
          <Tabs.Tab value="agendamento">Agendamento</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="acordo" pt="md">
          <Stack>
            <PessoaResumo detail={detail} />
            <BoletosPendentesTable
              boletos={detail.boletos}
              hoje={detail.hoje}
              selectedIds={selected}
              onSelect={setSelected}
              onIncluirSpc={(b) => void incluirSpc.run(b)}
              spcBusy={incluirSpc.busy}
              pessoaId={id}
            />
            {detail.boletos.length > 0 && (
              <AcordoSimulacao
                key={selected.join(',')}
                pessoaId={detail.pessoa.id}
                nome={detail.pessoa.nome_razao}
                hoje={detail.hoje}
                boletos={detail.boletos}
                selectedIds={selected}
                onCancel={() => navigate(LIST)}
              />
            )}
            <AcordosDaPessoa acordos={detail.acordos} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="agendamento" pt="md">
          <Stack>
            <NovoAgendamentoForm pessoaId={detail.pessoa.id} />
            <AgendamentosDaPessoa pessoaId={detail.pessoa.id} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SemDebitoVencido({ detail, onBack }: { detail: { pessoa: { nome_razao: string }; acordos: readonly AcordoResumo[] }; onBack: () => void }) {
  return (
    <Stack>
      <PageHeader
        title="Detalhe do Inadimplente"
        actions={
          <Button variant="default" onClick={onBack}>
            Voltar
          </Button>
        }
      />
      <Alert color="blue" title="Sem boletos vencidos">
        {`${detail.pessoa.nome_razao} não possui boletos vencidos em aberto: não há inadimplência a cobrar.`}
      </Alert>
      <AcordosDaPessoa acordos={detail.acordos} />
    </Stack>
  );
}

function AcordosDaPessoa({ acordos }: { acordos: readonly AcordoResumo[] }) {
  if (!acordos.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Acordos da pessoa">
      <Title order={5} mb="sm">
        Acordos
      </Title>
      <DataTable<AcordoResumo>
        caption="Acordos da pessoa"
        rowKey={(a) => a.id}
        rows={acordos}
        columns={[
          { key: 'id', header: 'Nº' },
          { key: 'created_at', header: 'Data', kind: 'date', render: (a) => <DateText value={a.created_at} /> },
          { key: 'numero_parcelas', header: 'Parcelas', align: 'right' },
          { key: 'valor', header: 'Total', align: 'right', kind: 'money', render: (a) => <MoneyText value={a.valor} /> },
          { key: 'ultimo_vencimento', header: 'Último vencimento', kind: 'date', render: (a) => <DateText value={a.ultimo_vencimento} /> },
          { key: 'status', header: 'Situação', render: (a) => <StatusBadge status={a.status} /> },
          {
            key: 'termo',
            header: 'Ação',
            kind: 'actions',
            render: (a) => (
              <Button size="compact-sm" variant="light" onClick={() => void abrirTermo(a.id)} aria-label={`Imprimir termo do acordo ${a.id}`}>
                Imprimir Termo
              </Button>
            ),
          },
        ]}
      />
    </Paper>
  );
}
