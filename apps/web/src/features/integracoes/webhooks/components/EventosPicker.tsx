import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { WEBHOOK_EVENTOS, WEBHOOK_EVENTO_LABEL } from '@bg/domain';

/** The events an endpoint receives: all (`['*']`, new types included) or a choice. */
export function EventosPicker({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const todos = value.includes('*');
  return (
    <Stack gap="xs">
      <Checkbox
        label="Todos os eventos (inclusive os que vierem a existir)"
        checked={todos}
        onChange={(e) => onChange(e.currentTarget.checked ? ['*'] : [])}
      />
      {!todos && (
        <Checkbox.Group label="Eventos" value={value} onChange={onChange} error={error}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing={6}>
            {WEBHOOK_EVENTOS.map((e) => (
              <Checkbox key={e} value={e} label={`${WEBHOOK_EVENTO_LABEL[e]} (${e})`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
