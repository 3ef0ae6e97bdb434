import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * The API key, shown once (after creating a key or rotating its secret): the server keeps only its
 * SHA-256 and never answers it again.
 */
export function ChaveSecretaModal({ chave, anteriorValidoAte, onClose }: { chave: string; anteriorValidoAte?: string | null; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Sua chave de API" centered size="lg">
      <Stack>
        <Alert color="yellow" title="Copie a chave agora">
          Ela não será mostrada novamente: guardamos apenas uma impressão digital (hash) dela. Se a perder, gere um novo segredo.
          {anteriorValidoAte ? ` O segredo anterior continua valendo até ${anteriorValidoAte}.` : ''}
        </Alert>
        <Code block aria-label="Chave de API gerada" style={{ wordBreak: 'break-all' }}>
          {chave}
        </Code>
        <Text size="sm">
          Envie-a em toda chamada como <Code>Authorization: Bearer &lt;chave&gt;</Code>. Trate-a como uma senha: não a coloque em sites, aplicativos ou repositórios de código.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={chave}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copiada' : 'Copiar chave'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Já guardei</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
