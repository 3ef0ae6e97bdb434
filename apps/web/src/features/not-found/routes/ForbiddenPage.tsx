import { Alert } from '@mantine/core';

/** A route the user's level may not open: administrador-only screens, or a permission (Nova Empresa). */
export function ForbiddenPage({ text = 'Esta funcionalidade é exclusiva dos administradores.' }: { text?: string }) {
  return (
    <Alert color="red" title="Acesso restrito">
      {text}
    </Alert>
  );
}
