import type { ReactNode } from 'react';
import { Card, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface ResumoCardProps {
  title: string;
  /** The list the figure comes from. */
  to: string;
  children: ReactNode;
}

/** One figure of Início, linking to the list behind it. */
export function ResumoCard({ title, to, children }: ResumoCardProps) {
  return (
    <Card withBorder component={Link} to={to} padding="lg" aria-label={title}>
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** The big number of a card. */
export function Figure({ children }: { children: ReactNode }) {
  return (
    <Text fz={28} fw={700} lh={1.3}>
      {children}
    </Text>
  );
}
