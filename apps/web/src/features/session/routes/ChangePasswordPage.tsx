import { Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { changePasswordFormSchema, MSG, passwordEqualsLogin, PERMISSION } from '@bg/domain';
import { FormActions, Maintenance, PageHeader, showAlert } from '../../../components';
import { useAuth, useCurrentUser } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { updatePassword } from '../api/password';

const validateShape = zodValidate(changePasswordFormSchema);

/**
 * Alterar Senha: server errors show in the 3 s alert bar (and on their field); success logs the
 * user out. The password policy (decision 106): length and "not the login" are checked here too;
 * the common-password list only by the server, whose message lands on the field.
 */
export function ChangePasswordPage() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { old_password: '', password: '', password_confirmation: '' },
    validate: (values) => {
      const errors = validateShape(values);
      if (!errors.password && passwordEqualsLogin(values.password, user.login)) errors.password = MSG.passwordIsLogin;
      return errors;
    },
  });
  // spec §8: an error shows the server's message in the 3 s alert bar; success logs the user out
  const save = useSubmit(
    ({ old_password, password }: typeof form.values) => updatePassword(user.id, { old_password, password }),
    {
      form,
      error: 'alert',
      result: false,
      onSuccess: async () => {
        showAlert('Senha alterada. Entre novamente com a nova senha.', 'teal');
        await logout();
        navigate('/login');
      },
    },
  );
  if (!user.permissoes.includes(PERMISSION.UPDATE_PASSWORD)) return <Maintenance />;

  return (
    <Stack maw={480}>
      <PageHeader title="Alterar Senha" />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
          <Stack>
            <PasswordInput label="Senha atual" autoComplete="current-password" {...form.getInputProps('old_password')} />
            <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label="Confirmação da nova senha" autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
            <FormActions cancelTo={-1} loading={save.busy} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
