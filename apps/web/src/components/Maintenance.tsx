import { Alert, Container } from '@mantine/core';
import { MSG } from '@bg/domain';

/** The spec's "under maintenance" notice (§2 Menu), shown in place of a screen that is switched off. */
export function Maintenance() {
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" title={MSG.maintenanceTitle}>
        {MSG.maintenanceText}
      </Alert>
    </Container>
  );
}
