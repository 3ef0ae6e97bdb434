import { useState } from 'react';
import { Alert, Button, Code, Group, Image, List, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { disableTwoFactorSchema, totpCodeSchema } from '@bg/domain';
import { DateText, FormActions, PageHeader, Section } from '../../../components';
import { useAuth, useCurrentUser } from '../../../lib/auth';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { twoFactorApi, type TwoFactorSetup } from '../api/two-factor';
import { twoFactorKeys, twoFactorStatusQuery } from '../api/two-factor-queries';

const confirmSchema = z.object({ code: totpCodeSchema });

/** The secret in groups of four, as apps ask it to be typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Verificação em duas etapas (user menu; docs/decisions/095): turn it on with the QR code (or the
 * secret typed in the app) and a first code, keep the 10 recovery codes shown once, turn it off
 * with password and code. When REQUIRE_ADMIN_2FA makes it mandatory, this is the only page an
 * administrador without it can open.
 */
export function TwoFactorPage() {
  const user = useCurrentUser();
  const { reloadUser } = useAuth();
  const navigate = useNavigate();
  const status = useQuery(twoFactorStatusQuery());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const confirmForm = useForm({ initialValues: { code: '' }, validate: zodValidate(confirmSchema) });
  const disableForm = useForm({ initialValues: { password: '', code: '' }, validate: zodValidate(disableTwoFactorSchema) });

  const iniciar = useSubmit(twoFactorApi.iniciar, { result: false, onSuccess: (res) => setSetup(res.data) });
  const confirmar = useSubmit(twoFactorApi.confirmar, {
    form: confirmForm,
    result: false,
    invalidate: [twoFactorKeys.status],
    onSuccess: (res) => {
      setSetup(null);
      setCodes(res.codigos_recuperacao);
    },
  });
  const desativar = useSubmit((values: typeof disableForm.values) => twoFactorApi.desativar(values), {
    form: disableForm,
    invalidate: [twoFactorKeys.status],
    confirm: { title: 'Desativar a verificação em duas etapas?', text: 'Depois disso, o login volta a pedir só a senha.', confirmLabel: 'Desativar', confirmColor: 'red' },
    onSuccess: async () => {
      disableForm.reset();
      await reloadUser();
    },
  });
  const concluir = async () => {
    const wasRequired = user.dois_fatores.configuracao_obrigatoria;
    setCodes(null);
    await reloadUser();
    if (wasRequired) navigate('/dashboard', { replace: true });
  };

  const s = status.data;
  return (
    <Stack maw={640}>
      <PageHeader title="Verificação em duas etapas" />
      {user.dois_fatores.configuracao_obrigatoria && !codes && (
        <Alert color="yellow" title="Configuração obrigatória">
          Administradores precisam da verificação em duas etapas. Ative-a para continuar usando o sistema.
        </Alert>
      )}
      {!s ? (
        <Loader aria-label="Carregando" />
      ) : codes ? (
        <Section title="Códigos de recuperação">
          <Stack>
            <Alert color="teal" title="Verificação em duas etapas ativada">
              Guarde estes códigos em lugar seguro. Cada um serve uma única vez para entrar sem o aplicativo; eles não serão exibidos novamente.
            </Alert>
            <SimpleGrid cols={2} data-testid="recovery-codes">
              {codes.map((code) => (
                <Code key={code} fz="md" ta="center">
                  {code}
                </Code>
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button onClick={() => void concluir()}>Concluir</Button>
            </Group>
          </Stack>
        </Section>
      ) : s.ativo ? (
        <Section title="Ativa">
          <Stack>
            <Text size="sm">
              Ativa desde <DateText value={s.ativado_em} withTime />. Códigos de recuperação restantes: <b>{s.codigos_restantes}</b>.
            </Text>
            {s.obrigatorio ? (
              <Text size="sm" c="dimmed">
                Obrigatória para administradores: não pode ser desativada.
              </Text>
            ) : (
              <form onSubmit={disableForm.onSubmit((values) => desativar.run(values))} noValidate>
                <Stack>
                  <Text size="sm">Para desativar, confirme sua senha e um código do aplicativo (ou de recuperação).</Text>
                  <PasswordInput label="Senha" autoComplete="current-password" {...disableForm.getInputProps('password')} />
                  <TextInput label="Código" autoComplete="one-time-code" maxLength={30} {...disableForm.getInputProps('code')} />
                  <FormActions submitLabel="Desativar" submitColor="red" loading={desativar.busy} />
                </Stack>
              </form>
            )}
          </Stack>
        </Section>
      ) : setup ? (
        <Section title="Configurar o aplicativo">
          <form onSubmit={confirmForm.onSubmit((values) => confirmar.run(values.code))} noValidate>
            <Stack>
              <List type="ordered" size="sm" spacing={4}>
                <List.Item>Abra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy…).</List.Item>
                <List.Item>Leia o QR code abaixo ou digite a chave.</List.Item>
                <List.Item>Informe o código de 6 dígitos que o aplicativo mostrar.</List.Item>
              </List>
              <Image src={setup.qr_code} alt="QR code para o aplicativo autenticador" w={200} h={200} />
              <Text size="sm">
                Chave: <Code data-testid="totp-secret">{grouped(setup.segredo)}</Code>
              </Text>
              <TextInput label="Código do aplicativo" autoComplete="one-time-code" inputMode="numeric" maxLength={7} autoFocus {...confirmForm.getInputProps('code')} />
              <FormActions submitLabel="Ativar" loading={confirmar.busy} cancelLabel="Cancelar" onCancel={() => setSetup(null)} />
            </Stack>
          </form>
        </Section>
      ) : (
        <Section title="Inativa">
          <Stack>
            <Text size="sm">
              Com a verificação em duas etapas, entrar pede, além da senha, um código do aplicativo autenticador do seu celular.
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => void iniciar.run()} loading={iniciar.busy}>
                Configurar
              </Button>
            </Group>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
