import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isIsoDate, NIVEL, todayInSaoPaulo } from '@bg/domain';
import { DateField, PageHeader, showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { download } from '../../../lib/download';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { extratoCsvUrl, extratoPdfUrl, type ExtratoFiltro } from '../api/financeiro';
import { extratoQuery } from '../api/financeiro-queries';
import { ExtratoResumo } from '../components/ExtratoResumo';
import { ExtratoTable } from '../components/ExtratoTable';

const inicioDoMes = (today: string) => `${today.slice(0, 8)}01`;

/**
 * Financeiro > Extrato (issue 24, docs/extrato-repasses.md): a shop's movements with the ledger's
 * running balance, by period. An usuario sees its own shop; a franqueado its own or a franchisee's
 * (read only); an administrador picks any shop. Pages load as the user asks for more (keyset on
 * the server); CSV and PDF export the whole period.
 */
export function ExtratoPage() {
  const user = useCurrentUser();
  const admin = user.nivel === NIVEL.ADMINISTRADOR;
  const escolheLoja = admin || user.nivel === NIVEL.FRANQUEADO;
  const today = todayInSaoPaulo();
  // Repasses links here with ?loja=<id> (the server still checks the user may read that shop)
  const [params] = useSearchParams();
  const [empresaId, setEmpresaId] = useState<number | null>(() => (escolheLoja && /^[1-9]\d{0,9}$/.test(params.get('loja') ?? '') ? Number(params.get('loja')) : null));
  const [de, setDe] = useState(inicioDoMes(today));
  const [ate, setAte] = useState(today);
  const empresas = useQuery({ ...empresasForSelectQuery(), enabled: escolheLoja });

  const datasValidas = isIsoDate(de) && isIsoDate(ate);
  const periodoInvertido = datasValidas && ate < de;
  const filtro: ExtratoFiltro = { empresaId, de, ate };
  const pronto = datasValidas && !periodoInvertido && (!admin || empresaId !== null);
  const query = useInfiniteQuery(extratoQuery(filtro, pronto));
  const first = query.data?.pages[0];
  const movimentos = query.data?.pages.flatMap((p) => p.data) ?? [];

  const exportar = (kind: 'csv' | 'pdf') => {
    const url = kind === 'csv' ? extratoCsvUrl(filtro) : extratoPdfUrl(filtro);
    void url.then((u) => download(u, `extrato-${first?.empresa.id ?? ''}-${de}-a-${ate}.${kind}`)).catch((err) => showError(errorMessage(err)));
  };

  return (
    <Stack>
      <PageHeader
        title="Extrato"
        actions={
          <>
            <Button variant="light" disabled={!first} onClick={() => exportar('csv')}>
              Exportar CSV
            </Button>
            <Button variant="light" disabled={!first} onClick={() => exportar('pdf')}>
              Baixar PDF
            </Button>
          </>
        }
      />
      <Group align="flex-start">
        {escolheLoja && (
          <Select
            label="Loja"
            placeholder={admin ? 'Selecione a loja' : 'Minha loja'}
            w={300}
            data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
            value={empresaId === null ? null : String(empresaId)}
            onChange={(v) => setEmpresaId(v ? Number(v) : null)}
            searchable
            clearable={!admin}
            withAsterisk={admin}
          />
        )}
        <DateField label="De" w={160} value={de} onChange={setDe} maxDate={today} />
        <DateField label="Até" w={160} value={ate} onChange={setAte} error={periodoInvertido ? 'A data final deve ser igual ou posterior à inicial.' : undefined} />
      </Group>
      {admin && empresaId === null && <Text c="dimmed">Selecione a loja para ver o extrato.</Text>}
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {first && (
        <>
          <ExtratoResumo extrato={first} />
          <ExtratoTable extrato={first} movimentos={movimentos} completo={!query.hasNextPage} admin={admin} />
          {query.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Carregar mais movimentos
              </Button>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {query.hasNextPage
              ? `${movimentos.length} ${movimentos.length === 1 ? 'movimento mostrado' : 'movimentos mostrados'}; há mais no período.`
              : `${movimentos.length} ${movimentos.length === 1 ? 'movimento' : 'movimentos'} no período.`}
          </Text>
        </>
      )}
    </Stack>
  );
}
