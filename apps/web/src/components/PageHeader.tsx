import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

export interface PageHeaderProps {
  title: ReactNode;
  /** Buttons on the right (Novo, Gerar Remessa…). */
  actions?: ReactNode;
}

/** Same heading size and spacing on every screen, with the screen's actions aligned right. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Title order={3}>{title}</Title>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
