import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-client';
import { aguardandoBanco, boletoBancoKeys, boletoBancoQuery } from '../lib/boleto-banco';
import { consultarBoletoNoBanco, registrarBoletoNoBanco, type BoletoBanco } from '../lib/boleto-banco-calls';
import { useSubmit } from '../lib/use-submit';
import { ComunicacoesBanco } from './ComunicacoesBanco';
import { DateText } from './DateText';
import { MoneyText } from './MoneyText';

/** While the bank has not confirmed the registration, the panel asks again this often. */
const AGUARDANDO_REFETCH_MS = 3000;

type Situacao = { label: string; color: string; key: string };

/** The badge of the boleto at the bank (issue 26): four words an operator can tell apart. */
export function situacaoNoBanco(b: Pick<BoletoBanco, 'estado' | 'pagamento_em_processamento'>): Situacao {
  if (b.pagamento_em_processamento) return { key: 'PROCESSANDO', label: 'Pagamento em processamento', color: 'orange' };
  if (b.estado === 'REGISTRADO') return { key: 'REGISTRADO', label: 'Registrado', color: 'green' };
  if (b.estado === 'REJEITADO') return { key: 'REJEITADO', label: 'Recusado', color: 'red' };
  return { key: 'AGUARDANDO', label: 'Aguardando registro', color: 'yellow' };
}

/** "Registrar novamente" fits a refused registration, or one still waiting after an error. */
export const podeRegistrarDeNovo = (b: Pick<BoletoBanco, 'estado' | 'ultimo_erro'>): boolean =>
  b.estado === 'REJEITADO' || ((b.estado === 'ENVIANDO' || b.estado === 'PENDENTE') && Boolean(b.ultimo_erro));

export interface BoletoBancoPanelProps {
  boletoId: number;
  /** Administradores see what the bank answered and may ask the bank again. */
  admin: boolean;
  /** The host screen's queries that a payment found at the bank changes (the boleto's situação). */
  invalidate?: QueryKey[];
  /** A heading above the panel ("Parcela 01"). */
  title?: string;
}

/**
 * A boleto at the bank, wherever one boleto is shown (issue 26), only when its conta works by the
 * bank's API: the sentence with its badge, the last error, a change waiting for the bank, and for
 * administradores "O que o banco respondeu" with Consultar no banco / Registrar novamente. It asks
 * again every few seconds while the registration is pending, so the operator sees it confirmed.
 */
export function BoletoBancoPanel({ boletoId, admin, invalidate = [], title }: BoletoBancoPanelProps) {
  const query = useQuery({ ...boletoBancoQuery(boletoId), refetchInterval: (q) => (aguardandoBanco(q.state.data) ? AGUARDANDO_REFETCH_MS : false) });
  const refetch = [boletoBancoKeys.detail(boletoId), ...invalidate];
  const consultar = useSubmit(() => consultarBoletoNoBanco(boletoId), { invalidate: refetch });
  const registrar = useSubmit(() => registrarBoletoNoBanco(boletoId), {
    invalidate: refetch,
    confirm: { title: 'Registrar novamente', text: 'Enviar o registro deste boleto ao banco agora?', confirmLabel: 'Sim, registrar novamente' },
  });

  if (query.isPending) return <Loader size="xs" aria-label="Carregando a situação no banco" />;
  if (query.isError) return <Text size="sm" c="red">{errorMessage(query.error, 'Não foi possível consultar a situação no banco.')}</Text>;
  const b = query.data;
  if (b.modo !== 'API') return null;
  const situacao = situacaoNoBanco(b);
  const alteracao = b.alteracao_pendente;
  const pagamento = b.pagamento_em_processamento;

  return (
    <Paper withBorder p="sm" component="section" aria-label={title ? `No banco — ${title}` : 'No banco'} data-testid="boleto-banco" data-estado={situacao.key}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {title && (
            <Title order={6} style={{ whiteSpace: 'nowrap' }}>
              {title}
            </Title>
          )}
          <Badge color={situacao.color} variant="light" style={{ flexShrink: 0 }}>
            {situacao.label}
          </Badge>
          <Text size="sm">{b.descricao}</Text>
        </Group>
        {b.numero_banco && (
          <Text size="xs" c="dimmed">
            Nº no banco: {b.numero_banco}
            {b.tentativas > 1 ? ` — ${b.tentativas} tentativas` : ''}
            {b.proxima_tentativa ? <> — próxima tentativa <DateText value={b.proxima_tentativa} withTime /></> : null}
          </Text>
        )}
        {b.ultimo_erro && (
          <Text size="sm" c="red">
            Último erro: {b.ultimo_erro}
          </Text>
        )}
        {pagamento && (
          <Text size="sm">
            Pagamento em processamento: <MoneyText value={pagamento.valor} />
            {pagamento.data ? <> em <DateText value={pagamento.data} /></> : null}
            {pagamento.canal ? ` (${pagamento.canal})` : ''} — aguardando a liquidação do banco.
          </Text>
        )}
        {alteracao && (
          <Alert variant="light" color="blue" p="xs" title="Alteração aguardando o banco">
            <Text size="sm">
              {alteracao.valor !== null && <>Valor <MoneyText value={alteracao.valor} />, </>}
              {alteracao.vencimento && <>vencimento <DateText value={alteracao.vencimento} />: </>}
              {alteracao.a_partir_de ? <>vai ao banco a partir de <DateText value={alteracao.a_partir_de} withTime />.</> : 'vai ao banco assim que ele aceitar alterações.'}
            </Text>
          </Alert>
        )}
        {admin && (
          <>
            <Group gap="xs">
              {b.estado !== null && (
                <Button size="xs" variant="light" loading={consultar.busy} onClick={() => void consultar.run()}>
                  Consultar no banco
                </Button>
              )}
              {podeRegistrarDeNovo(b) && (
                <Button size="xs" variant="light" color="orange" loading={registrar.busy} onClick={() => void registrar.run()}>
                  Registrar novamente
                </Button>
              )}
            </Group>
            <Text size="sm" fw={600}>
              O que o banco respondeu
            </Text>
            <ComunicacoesBanco rows={b.comunicacoes} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
