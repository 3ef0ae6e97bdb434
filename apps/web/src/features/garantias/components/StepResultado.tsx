import { Anchor, Badge, Box, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { GARANTIA_MSG } from '@bg/domain';
import classes from './consulta-html.module.css';

export type WizardOutcome = { kind: 'sent'; protocolo: string; uploadWarning?: string } | { kind: 'restricted'; html: string };

/** RESULTADO of the wizard (spec §4 Wizard). */
export function StepResultado({ outcome, chatUrl }: { outcome: WizardOutcome; chatUrl: string }) {
  if (outcome.kind === 'restricted') {
    return (
      <Stack align="center" gap="sm" py="md" data-result="restricted">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <Text fw={700} fz={28} lh={1}>
            ✕
          </Text>
        </ThemeIcon>
        <Title order={3} ta="center">
          {GARANTIA_MSG.restrictedTitle}
        </Title>
        <Text ta="center">{GARANTIA_MSG.restrictedText}</Text>
        {/* The server builds this HTML and escapes every value in it (apps/api/src/modules/garantia/html.ts,
            docs/decisions/021), so it is rendered as trusted markup; nothing else is ever put here. */}
        <Box className={classes.html} maw={640} dangerouslySetInnerHTML={{ __html: outcome.html }} />
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="md" data-result="sent">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
        <Text fw={700} fz={28} lh={1}>
          ✓
        </Text>
      </ThemeIcon>
      <Title order={3} ta="center">
        {GARANTIA_MSG.sentTitle}
      </Title>
      <Text ta="center" maw={560}>
        Para efetivar a garantia, entre em contato pelo{' '}
        <Anchor href={chatUrl} target="_blank" rel="noopener noreferrer">
          Chat
        </Anchor>{' '}
        e informe o seu código de acesso:
      </Text>
      <Badge size="xl" variant="outline" radius="sm" data-testid="codigo-acesso">
        {outcome.protocolo}
      </Badge>
      {outcome.uploadWarning && (
        <Text c="orange" size="sm" ta="center">
          {outcome.uploadWarning}
        </Text>
      )}
    </Stack>
  );
}
