import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Code, Container, Divider, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ASSINATURA_MSG } from '@bg/domain';
import { DateText, MoneyText } from '../../../components';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSubmit, type FieldErrorsTarget } from '../../../lib/use-submit';
import { assinarDuplicatas, documentoPath, type AssinaturaConcluida } from '../api/assinatura';
import { assinaturaPublicaQuery } from '../api/assinatura-queries';
import { AssinaturaForm, type AssinaturaValues } from '../components/AssinaturaForm';

const APP_NAME = 'Boleto Garantido';
const SEM_CONEXAO = 'Não foi possível assinar agora. Verifique a sua conexão e tente novamente.';

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Text fw={700} c="teal.8" size="lg">
          {APP_NAME}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}

/** What any unusable link shows: the same words whatever the reason, never the document. */
function LinkInvalido({ tooMany = false }: { tooMany?: boolean }) {
  return (
    <Shell>
      <Paper withBorder p="xl" role="alert">
        <Stack align="center" ta="center">
          <Title order={2}>{tooMany ? 'Muitas tentativas' : ASSINATURA_MSG.linkInvalido}</Title>
          <Text c="dimmed">{tooMany ? ASSINATURA_MSG.muitasTentativas : ASSINATURA_MSG.linkInvalidoTexto}</Text>
        </Stack>
      </Paper>
    </Shell>
  );
}

function Assinado({ result }: { result: AssinaturaConcluida }) {
  return (
    <Shell>
      <Paper withBorder p="xl">
        <Stack>
          <Title order={2}>{ASSINATURA_MSG.assinado}</Title>
          <Text>
            Assinado em <DateText value={result.assinado_em} withTime />. Você receberá por e-mail a confirmação com o código de verificação do
            documento assinado.
          </Text>
          <Text size="sm">Código de verificação (SHA-256) do documento assinado:</Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {result.assinado_sha256}
          </Code>
          <Text size="sm" c="dimmed">
            {result.tipo === 'PADES'
              ? 'Assinatura eletrônica avançada por evidências (Lei nº 14.063/2020, art. 4º, II), com o documento assinado digitalmente (PAdES).'
              : 'Assinatura eletrônica avançada por evidências (Lei nº 14.063/2020, art. 4º, II).'}{' '}
            Este link não pode ser usado novamente.
          </Text>
        </Stack>
      </Paper>
    </Shell>
  );
}

/**
 * The public signing page (/assinatura/{token}, no login): who is asked to sign, the duplicatas
 * (summary and the PDF exactly as sent, with its SHA-256), and the form — the buyer's CPF/CNPJ,
 * full name and the acceptance. Any unusable link shows one neutral page (docs/assinatura.md).
 */
export function AssinaturaPage() {
  const token = useParams().token ?? '';
  const query = useQuery(assinaturaPublicaQuery(token));
  const [done, setDone] = useState<AssinaturaConcluida | null>(null);
  const [gone, setGone] = useState<'invalid' | 'too-many' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Assinatura de Duplicatas | ${APP_NAME}`;
  }, []);

  // the form is AssinaturaForm's own: the server's field messages (422) go to the one last submitted
  const signingForm = useRef<FieldErrorsTarget | null>(null);
  // no session here: no result dialog, the failures are shown on this page (or replace it)
  const sign = useSubmit((values: AssinaturaValues) => assinarDuplicatas(token, values), {
    form: { setErrors: (errors) => signingForm.current?.setErrors(errors) },
    result: false,
    error: 'none',
    onSuccess: (res) => setDone(res.data),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) setGone('invalid');
      else if (err instanceof ApiError && err.status === 429) setGone('too-many');
      else setFailure(errorMessage(err, SEM_CONEXAO));
    },
  });

  if (done) return <Assinado result={done} />;
  if (gone) return <LinkInvalido tooMany={gone === 'too-many'} />;
  if (query.isLoading)
    return (
      <Center h="100vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  if (query.isError || !query.data) return <LinkInvalido tooMany={query.error instanceof ApiError && query.error.status === 429} />;

  const a = query.data;
  return (
    <Shell>
      <Title order={2}>Assinatura de Duplicatas</Title>
      <Text>
        Olá, <strong>{a.signatario.nome}</strong> ({a.signatario.documento}). <strong>{a.emitente.razao}</strong> pede a sua assinatura nas
        duplicatas da compra abaixo (garantia {a.documento.protocolo}).
      </Text>
      <Paper withBorder p="md" component="section" aria-label="Duplicatas">
        <Stack gap="sm">
          <Title order={4}>Duplicatas</Title>
          <Table aria-label="Duplicatas a assinar" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Duplicata</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.documento.parcelas.map((p) => (
                <Table.Tr key={p.numero}>
                  <Table.Td>{p.numero}</Table.Td>
                  <Table.Td>
                    <DateText value={p.vencimento} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={p.valor} />
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={2} fw={700}>
                  Total
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  <MoneyText value={a.documento.total} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group>
            <Button component="a" href={documentoPath(token)} target="_blank" rel="noopener noreferrer" variant="light">
              Abrir o documento (PDF)
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Emitido em <DateText value={a.documento.emissao} /> por {a.emitente.razao}. Código de verificação (SHA-256) do documento:
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label="SHA-256 do documento">
            {a.documento.sha256}
          </Code>
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Assinar">
        <Stack gap="sm">
          <Title order={4}>Assinar</Title>
          <Text size="sm">
            Confira o documento. Para assinar, informe o seu CPF/CNPJ (o mesmo das duplicatas) e o seu nome completo e marque a declaração. Serão
            registrados a data e a hora, o seu endereço IP e o seu navegador.
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <AssinaturaForm
            aceite={a.aceite}
            busy={sign.busy}
            onSubmit={(values, form) => {
              signingForm.current = form;
              setFailure(null);
              void sign.run(values);
            }}
          />
          <Divider />
          <Text size="xs" c="dimmed">
            Link válido até <DateText value={a.expires_at} withTime />, para uma única assinatura. Se você não reconhece esta compra, não assine e{' '}
            fale com a loja. <Anchor href="https://www.planalto.gov.br/ccivil_03/_ato2019-2022/2020/lei/l14063.htm" target="_blank" rel="noopener noreferrer">Lei nº 14.063/2020</Anchor>
          </Text>
        </Stack>
      </Paper>
    </Shell>
  );
}
