import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The file arrived but the browser would not open a tab for it (a popup blocker, or the click's
 * permission expired while the file was made): the operator opens it with one more click, which
 * the browser always allows. Never a blank tab waiting for a file that may not come.
 */
export function showFileReady(url: string): string {
  const id = modals.open({
    title: 'Arquivo pronto',
    centered: true,
    size: 'sm',
    children: (
      <Stack gap="sm" data-result="file-ready">
        <Text size="sm">O navegador não abriu uma nova aba para o arquivo. Clique em Abrir para vê-lo.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Fechar
          </Button>
          <Button component="a" href={url} target="_blank" rel="noopener" onClick={() => modals.close(id)}>
            Abrir
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}
