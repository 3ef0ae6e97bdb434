import { Alert } from '@mantine/core';

export function ForbiddenPage() {
  return (
    <Alert color="red" title="Acesso restrito">
      Esta funcionalidade é exclusiva dos administradores.
    </Alert>
  );
}
