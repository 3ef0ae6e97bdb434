import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

export interface SectionProps {
  title: ReactNode;
  /** Accessible name of the region; the title when it is plain text. */
  label?: string;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled block of a detail screen (Análise da Garantia, Detalhe do Inadimplente…): a named region. */
export function Section({ title, label, actions, children }: SectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label ?? (typeof title === 'string' ? title : undefined)}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={5}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
