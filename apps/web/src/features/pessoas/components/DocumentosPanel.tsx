import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { dateText, showError } from '../../../components';
import { checkFiles, describeRules, PERSON_DOCUMENT_RULES } from '../../../lib/file-check';
import { useSubmit } from '../../../lib/use-submit';
import { documentosQuery, pessoaKeys } from '../api/pessoa-queries';
import { pessoasApi } from '../api/pessoas';
import { linkRefreshDelay } from './link-refresh';

const RULES = PERSON_DOCUMENT_RULES;
const ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'];

/** The view a panel shows: its Loja (empresa_id null: the administradores'), and whether the user may change it. */
export type VisaoRef = { empresa_id: number | null; editavel: boolean };

/**
 * One view's documents (decision 104): a gallery (images shown, PDFs linked) served through
 * expiring links, and, when the user may change the view, an upload area: at most 3 documents per
 * view. Each file is checked by its content and size before it is sent (the server checks again),
 * so a renamed file is refused with its name instead of failing the whole upload. An
 * administrador's upload names the view's Loja.
 */
export function DocumentosPanel({ pessoaId, visao, admin }: { pessoaId: number; visao: VisaoRef; admin: boolean }) {
  const docs = useQuery({
    ...documentosQuery(pessoaId),
    // The links expire: fetch fresh ones before they do while the page stays open.
    refetchInterval: (query) => linkRefreshDelay((query.state.data ?? []).map((d) => d.url)),
  });
  const send = useSubmit((files: File[]) => pessoasApi.uploadDocumentos(pessoaId, files, admin ? visao.empresa_id : null), {
    invalidate: [pessoaKeys.documentos(pessoaId)],
  });

  // this view's documents only; a view keeps at most 3 (the server refuses more with a 409)
  const mine = (docs.data ?? []).filter((d) => d.empresa_id === visao.empresa_id);
  const existing = mine.length;
  const room = Math.max(0, RULES.maxFiles - existing);
  const upload = async (dropped: File[]) => {
    const { accepted, problems } = await checkFiles(dropped, RULES, existing);
    if (problems.length) showError(problems.join(' '));
    if (accepted.length) await send.run(accepted);
  };

  return (
    <Stack>
      <Title order={5}>Documentação</Title>
      {visao.editavel && (
        <Dropzone
          onDrop={(files) => void upload(files)}
          onReject={() => showError(`Envie até ${room} arquivo(s): ${describeRules(RULES)}.`)}
          maxSize={RULES.maxFileBytes}
          accept={ACCEPT}
          loading={send.busy}
          disabled={room === 0}
          name="arquivo"
        >
          <Text ta="center" py="md">
            {room === 0
              ? `A pessoa já tem ${existing} documentos, o máximo permitido.`
              : `Arraste até ${room} documento(s) (${describeRules(RULES)}) ou clique para selecionar.`}
          </Text>
        </Dropzone>
      )}
      {docs.data && mine.length === 0 && <Text c="dimmed">Nenhum documento enviado.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {mine.map((d) => (
          <Card key={d.id} withBorder padding="xs">
            {d.content_type.startsWith('image/') ? (
              <Card.Section>
                <Anchor href={d.url} target="_blank" rel="noreferrer">
                  <Image src={d.url} alt={d.nome} h={200} fit="contain" />
                </Anchor>
              </Card.Section>
            ) : (
              <Anchor href={d.url} target="_blank" rel="noreferrer">
                Abrir PDF
              </Anchor>
            )}
            <Text size="sm" mt="xs" truncate>
              {d.nome}
            </Text>
            <Text size="xs" c="dimmed">
              {dateText(d.created_at, true)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
