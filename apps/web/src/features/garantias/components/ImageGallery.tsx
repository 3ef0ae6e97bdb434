import { useState, type ReactNode } from 'react';
import { Anchor, Button, Collapse, Group, Image, Paper, Text, Title } from '@mantine/core';
import type { ArquivoLink } from '../api/garantias-api';

/** A collapsible gallery of expiring links; images at 600x400 (spec §9), other files as links. */
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
              <Anchor key={f.id} href={f.url} target="_blank" rel="noopener noreferrer">
                {f.nome}
              </Anchor>
            ) : (
              <Anchor key={f.id} href={f.url} target="_blank" rel="noopener noreferrer">
                <Image src={f.url} alt={f.nome} w={600} h={400} maw="100%" fit="contain" radius="sm" bg="gray.1" />
              </Anchor>
            ),
          )}
        </Group>
        {children}
      </Collapse>
    </Paper>
  );
}
