import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MSG, loginSchema, secondFactorCodeSchema, TWO_FACTOR_MSG } from '@bg/domain';
import { TimedAlert } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { readLoginShell } from '../login-shell-values';

/** A redirect target is only ever a path of this app, never another site. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/dashboard';
}

const codeFormSchema = z.object({ code: secondFactorCodeSchema });

/**
 * Login: login and password; for a user with two-factor sign-in a second step asks for the code
 * of the authenticator app or a recovery code (docs/decisions/095).
 */
export function LoginPage() {
  const { state, login, completeLogin } = useAuth();
  const [params] = useSearchParams();
  // the message under the spec's title, and a count so a repeated failure shows (and times) anew
  const [failure, setFailure] = useState<{ text: string; seq: number } | null>(null);
  // the second step: the challenge the password answered
  const [challenge, setChallenge] = useState<string | null>(null);
  // what was typed into login.html's static form before this first render replaces it (decision 096)
  const [shell] = useState(() => readLoginShell());
  const passwordRef = useRef<HTMLInputElement>(null);
  const form = useForm({ initialValues: { username: shell?.username ?? '', password: shell?.password ?? '' }, validate: zodValidate(loginSchema) });
  const codeForm = useForm({ initialValues: { code: '' }, validate: zodValidate(codeFormSchema) });
  const fail = (err: unknown) => {
    const serverMsg = err instanceof ApiError ? err.body.msg : null;
    setFailure((f) => ({ text: serverMsg && serverMsg !== MSG.loginFailed ? serverMsg : '', seq: (f?.seq ?? 0) + 1 }));
  };
  // spec §8: "Ocorreu uma falha na autenticação!" is the title; a more precise server msg goes under it
  const entrar = useSubmit((values: typeof form.values) => login(values.username, values.password), {
    result: false,
    error: 'none',
    onError: fail,
    onSuccess: (outcome) => {
      if (!outcome.requires2fa) return;
      setFailure(null);
      codeForm.reset();
      setChallenge(outcome.challenge);
    },
  });
  const verificar = useSubmit((code: string) => completeLogin(challenge ?? '', code), {
    result: false,
    error: 'none',
    onError: (err) => {
      fail(err);
      // a challenge past its 5 minutes: back to the password
      if (err instanceof ApiError && err.body.msg === TWO_FACTOR_MSG.challengeExpired) setChallenge(null);
      codeForm.setFieldValue('code', '');
    },
  });

  useEffect(() => {
    document.title = 'Login | Boleto Garantido';
  }, []);
  // the login field takes the focus by itself (autoFocus); the password keeps it if it had it, in
  // the same task as the commit, so the next key pressed already lands in the right field. What was
  // typed while the first render ran in slices (a transition, main.tsx) is read again here.
  useLayoutEffect(() => {
    if (!shell) return;
    const now = shell.current();
    if (now.username !== shell.username || now.password !== shell.password) form.setValues({ username: now.username, password: now.password });
    if (now.focus === 'password') passwordRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at the first commit: form is a new object every render
  }, [shell]);

  if (state.status === 'authenticated') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  const alert = failure !== null && (
    // spec §8: alert bars hide after 3 s
    <TimedAlert key={failure.seq} color="red" title={MSG.loginFailed} onHide={() => setFailure(null)}>
      {failure.text}
    </TimedAlert>
  );

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="md" p="xl" w={380} radius="md">
        {challenge === null ? (
          <form onSubmit={form.onSubmit((values) => entrar.run(values))} noValidate>
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
              {alert}
              <TextInput label="Login" autoComplete="username" autoFocus {...form.getInputProps('username')} />
              <PasswordInput ref={passwordRef} label="Senha" autoComplete="current-password" {...form.getInputProps('password')} />
              <Button type="submit" loading={entrar.busy} fullWidth>
                Entrar
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={codeForm.onSubmit((values) => verificar.run(values.code))} noValidate>
            <Stack>
              <div>
                <Title order={3} c="teal.8">
                  Verificação em duas etapas
                </Title>
                <Text c="dimmed" size="sm">
                  Digite o código de 6 dígitos do aplicativo autenticador ou um dos seus códigos de recuperação.
                </Text>
              </div>
              {alert}
              <TextInput
                label="Código de verificação"
                autoComplete="one-time-code"
                autoFocus
                maxLength={30}
                {...codeForm.getInputProps('code')}
              />
              <Button type="submit" loading={verificar.busy} fullWidth>
                Verificar
              </Button>
              <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setChallenge(null)}>
                Voltar
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
