import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { DateText, Section, ServerHtml } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import type { ConsultaBureau } from '../api/garantias-api';

export interface ConsultaPanelProps {
  title: string;
  result: ConsultaBureau | null;
  onRun: () => Promise<unknown>;
}

/** Consulta Restritiva / Analítica: the button is disabled once a result is shown (spec §2). */
export function ConsultaPanel({ title, result, onRun }: ConsultaPanelProps) {
  const [error, setError] = useState<string | null>(null);
  // the failure is shown in the panel itself, where the result would be
  const run = useSubmit(onRun, { result: false, error: 'none', onError: (err) => setError(errorMessage(err)) });
  const button = (
    <Button
      size="xs"
      onClick={() => {
        setError(null);
        void run.run();
      }}
      loading={run.busy}
      disabled={result !== null}
    >
      {title}
    </Button>
  );
  return (
    <Section title={title} actions={button}>
      {error && <Text c="red" size="sm">{error}</Text>}
      {result ? (
        <>
          <ServerHtml html={result.html} />
          <Text size="xs" c="dimmed" mt="xs">
            Consultado por {result.usuario} em <DateText value={result.created_at} withTime />
          </Text>
        </>
      ) : (
        !error && <Text size="sm" c="dimmed">Nenhuma consulta realizada.</Text>
      )}
    </Section>
  );
}
