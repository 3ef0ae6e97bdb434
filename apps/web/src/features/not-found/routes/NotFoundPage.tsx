import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MSG } from '@bg/domain';

/** Public not-found page of spec §2 Access. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Página não encontrada | Boleto Garantido';
  }, []);
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Title order={1}>{MSG.notFoundTitle}</Title>
        <Text size="lg" c="dimmed">
          {MSG.notFoundText}
        </Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
