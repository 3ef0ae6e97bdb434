import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PAGADOR_MSG } from '@bg/domain';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { pagadorApi } from '../api/pagador';
import { pagadorKeys } from '../api/pagador-queries';
import { BoletoPagadorCard } from '../components/BoletoPagadorCard';
import { IdentificacaoForm, type Identificacao } from '../components/IdentificacaoForm';
import { NegativasCredito } from '../components/NegativasCredito';
import { PreferenciasContato } from '../components/PreferenciasContato';

const APP_NAME = 'Boleto Garantido';
const SEM_CONEXAO = 'Não foi possível consultar agora. Verifique a sua conexão e tente novamente.';
/** The session survives a reload of the tab (never other tabs or a closed browser), for its 30 minutes. */
const SESSAO_KEY = 'bg_pagador_sessao';
/** The PDF links expire in 10 minutes: the list is asked again before that. */
const RENOVAR_MS = 5 * 60 * 1000;

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack>
        <Text fw={700} c="teal.8" size="lg">
          {APP_NAME}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}

const lerSessao = () => {
  try {
    return sessionStorage.getItem(SESSAO_KEY);
  } catch {
    return null;
  }
};
const gravarSessao = (s: string | null) => {
  try {
    if (s) sessionStorage.setItem(SESSAO_KEY, s);
    else sessionStorage.removeItem(SESSAO_KEY);
  } catch {
    /* private mode: the session lives in memory only */
  }
};

/**
 * The payer's page (/pagar, /pagar/{codigo}; public, no login; docs/messaging.md "Página do
 * pagador"). The payer identifies with CPF/CNPJ and the date of birth (foundation, for a company)
 * or the code of a message's link — the link opens the page already identified — and sees their
 * open boletos from every shop: the PDF, the linha digitável and the Pix code to copy. Nothing else
 * about them is shown. A failed identification always says the same thing.
 */
export function PagadorPage() {
  const codigo = useParams().codigo ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sessao, setSessao] = useState<string | null>(() => (codigo ? null : lerSessao()));
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `Meus boletos | ${APP_NAME}`;
  }, []);

  const identificar = async (v: Identificacao) => {
    setBusy(true);
    setErro(null);
    try {
      const r = await pagadorApi.identificar(v);
      gravarSessao(r.sessao);
      setSessao(r.sessao);
    } catch (err) {
      setErro(err instanceof ApiError ? errorMessage(err) : SEM_CONEXAO);
    } finally {
      setBusy(false);
    }
  };

  // the link of a message: identified by its code as the page opens (unless identified since)
  const porCodigo = useQuery({
    queryKey: pagadorKeys.codigo(codigo),
    queryFn: async () => {
      const r = await pagadorApi.identificar({ codigo: codigo ?? '' });
      gravarSessao(r.sessao);
      return r;
    },
    enabled: codigo !== null && sessao === null,
    retry: false,
    staleTime: Infinity,
  });
  const sessaoAtual = sessao ?? porCodigo.data?.sessao ?? null;

  const pagina = useQuery({
    queryKey: pagadorKeys.boletosDa(sessaoAtual),
    queryFn: async () => {
      try {
        return await pagadorApi.boletos(sessaoAtual ?? '');
      } catch (err) {
        // an expired session is forgotten: the form comes back with the reason
        if (err instanceof ApiError && err.status === 404) gravarSessao(null);
        throw err;
      }
    },
    enabled: sessaoAtual !== null,
    retry: false,
    refetchInterval: RENOVAR_MS,
  });

  const sair = () => {
    gravarSessao(null);
    setSessao(null);
    queryClient.removeQueries({ queryKey: pagadorKeys.boletos });
    queryClient.removeQueries({ queryKey: pagadorKeys.codigo(codigo) });
    navigate('/pagar', { replace: true });
  };

  const sessaoExpirou = pagina.isError && pagina.error instanceof ApiError && pagina.error.status === 404;

  if ((codigo && sessaoAtual === null && porCodigo.isLoading) || (sessaoAtual !== null && pagina.isLoading))
    return (
      <Center h="100vh">
        <Loader aria-label="Carregando" />
      </Center>
    );

  if (sessaoAtual !== null && pagina.data) {
    const p = pagina.data;
    return (
      <Shell>
        <Group justify="space-between">
          <Title order={2}>{p.nome ? `Olá, ${p.nome}` : 'Seus boletos'}</Title>
          <Button variant="default" onClick={sair}>
            Sair
          </Button>
        </Group>
        {p.boletos.length === 0 ? (
          <Paper withBorder p="xl">
            <Text>Você não tem boletos em aberto para pagar.</Text>
          </Paper>
        ) : (
          <>
            <Text>{`Você tem ${p.boletos.length} ${p.boletos.length === 1 ? 'boleto em aberto' : 'boletos em aberto'}.`}</Text>
            {p.boletos.map((b) => (
              <BoletoPagadorCard key={b.id} boleto={b} />
            ))}
          </>
        )}
        <NegativasCredito sessao={sessaoAtual} />
        <PreferenciasContato sessao={sessaoAtual} canais={p.canais} onSaved={() => void pagina.refetch()} />
        <Text size="xs" c="dimmed">
          Por segurança, esta página encerra a sessão em 30 minutos. Pagou há pouco? O boleto deixa de aparecer quando o banco confirmar o pagamento.
        </Text>
      </Shell>
    );
  }

  const falhaDoLink = codigo && sessao === null && porCodigo.isError ? (porCodigo.error instanceof ApiError ? errorMessage(porCodigo.error) : SEM_CONEXAO) : null;
  const falhaDaLista = pagina.isError && !sessaoExpirou ? errorMessage(pagina.error, SEM_CONEXAO) : null;
  const mensagem = erro ?? (sessaoExpirou ? PAGADOR_MSG.sessaoExpirada : null) ?? falhaDoLink ?? falhaDaLista;
  return (
    <Shell>
      <Title order={2}>Consultar meus boletos</Title>
      <Text>Informe os seus dados para ver os seus boletos em aberto, baixar a segunda via em PDF e copiar a linha digitável ou o código Pix.</Text>
      {mensagem && (
        <Alert color="red" role="alert">
          {mensagem}
        </Alert>
      )}
      <Paper withBorder p="lg" maw={480}>
        <IdentificacaoForm busy={busy} onSubmit={(v) => void identificar(v)} />
      </Paper>
    </Shell>
  );
}
