import { useState } from 'react';
import { Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { DateText } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import type { ConsultaBureau } from '../api/garantias-api';
import classes from './consulta-html.module.css';

export interface ConsultaPanelProps {
  title: string;
  result: ConsultaBureau | null;
  onRun: () => Promise<unknown>;
}

/** Consulta Restritiva / Analítica: the button is disabled once a result is shown (spec §2). */
export function ConsultaPanel({ title, result, onRun }: ConsultaPanelProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRun();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" aria-label={title} component="section">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{title}</Title>
        <Button size="xs" onClick={() => void run()} loading={busy} disabled={result !== null}>
          {title}
        </Button>
      </Group>
      {error && <Text c="red" size="sm">{error}</Text>}
      {result ? (
        <>
          {/* HTML built and escaped by the server (modules/garantia/html.ts, docs/decisions/021). */}
          <Box className={classes.html} dangerouslySetInnerHTML={{ __html: result.html }} />
          <Text size="xs" c="dimmed" mt="xs">
            Consultado por {result.usuario} em <DateText value={result.created_at} withTime />
          </Text>
        </>
      ) : (
        !error && <Text size="sm" c="dimmed">Nenhuma consulta realizada.</Text>
      )}
    </Paper>
  );
}
