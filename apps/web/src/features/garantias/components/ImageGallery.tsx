import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Collapse, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ArquivoLink } from '../api/garantias-api';

/**
 * A collapsible gallery of expiring links; images at 600x400 (spec §9), PDFs as cards with Abrir /
 * Baixar. A person's documents carry the Loja whose view holds them (decision 104), shown under each.
 */
export function ImageGallery({ title, files, children }: { title: string; files: ArquivoLink[]; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={5}>
          {title} ({files.length})
        </Title>
        <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Ocultar' : 'Exibir'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        {files.length === 0 && (
          <Text size="sm" c="dimmed" mt="sm">
            Nenhum arquivo enviado.
          </Text>
        )}
        {/* wrapping row, not a column grid: each image keeps 600x400 and only a narrower screen shrinks it */}
        <Group mt="sm" gap="sm" align="flex-start">
          {files.map((f) =>
            /\.pdf$/i.test(f.nome) ? (
              // a PDF (the digitally signed duplicatas) as a card: open it, or download it
              <Paper key={f.id} withBorder p="sm" radius="sm" w={320} maw="100%" component="section" aria-label={f.nome}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Badge color="red" variant="light" radius="sm" size="lg" style={{ flexShrink: 0, overflow: 'visible' }}>
                    PDF
                  </Badge>
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {f.nome}
                    </Text>
                    {f.loja && <Text size="xs" c="dimmed">Loja: {f.loja}</Text>}
                    <Group gap="sm">
                      <Anchor size="sm" href={f.url} target="_blank" rel="noopener noreferrer">
                        Abrir
                      </Anchor>
                      <Anchor size="sm" href={`${f.url}&download=1`}>
                        Baixar
                      </Anchor>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ) : (
              <Stack key={f.id} gap={2} maw="100%">
                <Anchor href={f.url} target="_blank" rel="noopener noreferrer">
                  <Image src={f.url} alt={f.nome} w={600} h={400} maw="100%" fit="contain" radius="sm" bg="gray.1" />
                </Anchor>
                {f.loja && <Text size="xs" c="dimmed">Loja: {f.loja}</Text>}
              </Stack>
            ),
          )}
        </Group>
        {children}
      </Collapse>
    </Paper>
  );
}
