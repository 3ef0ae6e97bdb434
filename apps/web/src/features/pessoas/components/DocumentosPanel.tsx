import { useState } from 'react';
import { Anchor, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE, PDF_MIME_TYPE } from '@mantine/dropzone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dateText, showError, showResult } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { pessoasApi } from '../api/pessoas';
import { linkRefreshDelay } from './link-refresh';

const MAX_FILES = 3;
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The person's documents: a gallery (images shown, PDFs linked) served through expiring links,
 * and an upload area of up to 3 files at a time. The server checks the content, not the name.
 */
export function DocumentosPanel({ pessoaId }: { pessoaId: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const docs = useQuery({
    queryKey: ['documentos', pessoaId],
    queryFn: () => pessoasApi.documentos(pessoaId),
    // The links expire: fetch fresh ones before they do while the page stays open.
    refetchInterval: (query) => linkRefreshDelay((query.state.data ?? []).map((d) => d.url)),
  });

  const upload = async (files: File[]) => {
    setBusy(true);
    try {
      showResult(await pessoasApi.uploadDocumentos(pessoaId, files));
    } catch (err) {
      showError(errorMessage(err));
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: ['documentos', pessoaId] });
  };

  return (
    <Stack>
      <Title order={5}>Documentação</Title>
      <Dropzone
        onDrop={upload}
        onReject={() => showError('Envie até 3 arquivos por vez: imagens (JPEG, PNG) ou PDF de até 10 MB.')}
        maxFiles={MAX_FILES}
        maxSize={MAX_BYTES}
        accept={[...IMAGE_MIME_TYPE.filter((t) => t === 'image/jpeg' || t === 'image/png'), ...PDF_MIME_TYPE]}
        loading={busy}
        name="arquivo"
      >
        <Text ta="center" py="md">
          Arraste até 3 documentos (JPEG, PNG ou PDF) ou clique para selecionar.
        </Text>
      </Dropzone>
      {docs.data?.length === 0 && <Text c="dimmed">Nenhum documento enviado.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(docs.data ?? []).map((d) => (
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
