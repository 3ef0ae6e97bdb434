import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * The signing secret, shown once (after creating an endpoint or rotating its secret): the server
 * keeps it sealed and never answers it again.
 */
export function SegredoModal({ segredo, onClose, rotacao }: { segredo: string; onClose: () => void; rotacao?: boolean }) {
  return (
    <Modal opened onClose={onClose} title="Segredo de assinatura" centered size="lg">
      <Stack>
        <Alert color="yellow" title="Guarde este segredo agora">
          Ele não será mostrado de novo. Use-o para conferir o cabeçalho X-Assinatura de cada entrega.
          {rotacao ? ' Durante a sobreposição, o segredo anterior continua assinando também.' : ''}
        </Alert>
        <Code block aria-label="Segredo do webhook" style={{ wordBreak: 'break-all' }}>
          {segredo}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={segredo}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar segredo'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Já guardei</Button>
        </Group>
        <Text size="xs" c="dimmed">
          Esquema de assinatura e exemplo de verificação: docs/api.md, seção Webhooks.
        </Text>
      </Stack>
    </Modal>
  );
}
