import type { FormEvent, ReactNode } from 'react';
import { Button, Grid } from '@mantine/core';

export interface InlineFormProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The fields, each in its <Grid.Col>. */
  children: ReactNode;
  submitLabel?: ReactNode;
  loading?: boolean;
  /** Columns (of 12) of the button. */
  actionSpan?: number;
}

/** A one-row form that adds an item to the list below it (CPFs Suspeitos, Telefones): fields, then Adicionar. */
export function InlineForm({ onSubmit, children, submitLabel = 'Adicionar', loading = false, actionSpan = 2 }: InlineFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid align="flex-end">
        {children}
        <Grid.Col span={{ base: 12, sm: actionSpan }}>
          <Button type="submit" fullWidth loading={loading}>
            {submitLabel}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
