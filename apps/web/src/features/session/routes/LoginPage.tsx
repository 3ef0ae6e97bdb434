import { useEffect, useState } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useSearchParams } from 'react-router';
import { MSG, loginSchema } from '@bg/domain';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { zodValidate } from '../../../lib/zod-form';

/** A redirect target is only ever a path of this app, never another site. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/dashboard';
}

export function LoginPage() {
  const { state, login } = useAuth();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { username: '', password: '' }, validate: zodValidate(loginSchema) });

  useEffect(() => {
    document.title = 'Login | Boleto Garantido';
  }, []);

  if (state.status === 'authenticated') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      await login(values.username, values.password);
    } catch (err) {
      const serverMsg = err instanceof ApiError ? err.body.msg : null;
      setFailure(serverMsg && serverMsg !== MSG.loginFailed ? serverMsg : '');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="md" p="xl" w={380} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={2} c="teal.8">
                Boleto Garantido
              </Title>
              <Text c="dimmed" size="sm">
                Acesse sua conta
              </Text>
            </div>
            {state.status === 'anonymous' && state.expired && failure === null && (
              <Alert color="yellow">Sua sessão expirou. Entre novamente.</Alert>
            )}
            {failure !== null && (
              <Alert color="red" title={MSG.loginFailed} role="alert">
                {failure}
              </Alert>
            )}
            <TextInput label="Login" autoComplete="username" autoFocus {...form.getInputProps('username')} />
            <PasswordInput label="Senha" autoComplete="current-password" {...form.getInputProps('password')} />
            <Button type="submit" loading={busy} fullWidth>
              Entrar
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
