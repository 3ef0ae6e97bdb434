import { useState } from 'react';
import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { changePasswordFormSchema, PERMISSION, sessionContracts } from '@bg/domain';
import { PageHeader, showAlert, Maintenance } from '../../../components';
import { errorMessage, ApiError } from '../../../lib/api-client';
import { call } from '../../../lib/api-contract';
import { useAuth, useCurrentUser } from '../../../lib/auth';
import { applyServerErrors, zodValidate } from '../../../lib/zod-form';

/** Alterar Senha: server errors show in the 3 s alert bar; success logs the user out. */
export function ChangePasswordPage() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { old_password: '', password: '', password_confirmation: '' },
    validate: zodValidate(changePasswordFormSchema),
  });
  if (!user.permissoes.includes(PERMISSION.UPDATE_PASSWORD)) return <Maintenance />;

  const submit = form.onSubmit(async ({ old_password, password }) => {
    setBusy(true);
    try {
      await call(sessionContracts.updatePassword, { params: { id: user.id }, body: { old_password, password } });
      notifications.show({ color: 'teal', message: 'Senha alterada. Entre novamente com a nova senha.', autoClose: 3000 });
      await logout();
      navigate('/login');
    } catch (err) {
      if (err instanceof ApiError) applyServerErrors(form, err.errors);
      showAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack maw={480}>
      <PageHeader title="Alterar Senha" />
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput label="Senha atual" autoComplete="current-password" {...form.getInputProps('old_password')} />
            <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label="Confirmação da nova senha" autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancelar
              </Button>
              <Button type="submit" loading={busy}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
