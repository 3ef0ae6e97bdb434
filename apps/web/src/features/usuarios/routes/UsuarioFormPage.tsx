import { Grid, Loader, Paper, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { assignableNiveis, NIVEL, NIVEL_LABEL, usuarioCreateFormSchema, usuarioUpdateSchema, type Nivel } from '@bg/domain';
import { FormActions, PageHeader } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { usuarioKeys, usuarioQuery } from '../api/usuario-queries';
import { usuariosApi, type Usuario } from '../api/usuarios';

type Values = { name: string; login: string; email: string; setor: string; nivel: Nivel; empresa_id: string | null; password: string; password_confirmation: string };

const toValues = (u: Usuario): Partial<Values> => ({
  name: u.name, login: u.login, email: u.email ?? '', setor: u.setor ?? '', nivel: u.nivel, empresa_id: u.empresa_id === null ? null : String(u.empresa_id),
});

/**
 * "Novo Usuário" / edit. The level options are only those the actor may give (never
 * Administrador for non-administradores; the API refuses it anyway). Editing disables the
 * password fields: a password is changed by its owner.
 */
export function UsuarioFormPage() {
  const { idUsuario } = useParams();
  const id = idUsuario ? Number(idUsuario) : null;
  const me = useCurrentUser();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: { name: '', login: '', email: '', setor: '', nivel: NIVEL.USUARIO, empresa_id: me.empresa ? String(me.empresa.id) : null, password: '', password_confirmation: '' },
    validate: zodValidate(id === null ? usuarioCreateFormSchema : usuarioUpdateSchema),
  });
  const existing = useQuery(usuarioQuery(id));
  const empresas = useQuery(empresasForSelectQuery());
  const save = useSubmit(
    (v: Values) => {
      const base = { name: v.name, login: v.login, email: v.email, setor: v.setor, nivel: v.nivel, empresa_id: v.nivel === NIVEL.ADMINISTRADOR ? null : v.empresa_id };
      return id === null ? usuariosApi.create({ ...base, password: v.password }) : usuariosApi.update(id, base);
    },
    { form, invalidate: [usuarioKeys.all, usuarioKeys.detail(id)], result: { onClose: () => navigate('/administracao/usuarios') } },
  );

  useFormRecord(form, existing.data, toValues);

  if (id !== null && existing.isLoading) return <Loader />;
  if (id !== null && existing.isError) return <PageHeader title={errorMessage(existing.error)} />;

  const values = form.getValues();
  const niveis = assignableNiveis(me.nivel, { ownEmpresa: me.nivel === NIVEL.ADMINISTRADOR || values.empresa_id === String(me.empresa?.id) });
  // Keep the current level visible when editing someone the actor cannot otherwise assign.
  const nivelOptions = [...new Set([...niveis, ...(existing.data ? [existing.data.nivel] : [])])].map((n) => ({ value: n, label: NIVEL_LABEL[n] }));

  return (
    <Stack maw={900}>
      <PageHeader title={id === null ? 'Novo Usuário' : 'Atualização do Usuário'} />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
          <Stack>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Nome" withAsterisk maxLength={120} {...form.getInputProps('name')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Login" withAsterisk maxLength={60} autoComplete="off" {...form.getInputProps('login')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PasswordInput label="Senha" withAsterisk={id === null} disabled={id !== null} autoComplete="new-password" {...form.getInputProps('password')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PasswordInput label="Confirmação da senha" withAsterisk={id === null} disabled={id !== null} autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Email" type="email" maxLength={150} {...form.getInputProps('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label="Setor" maxLength={60} {...form.getInputProps('setor')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select label="Nível" withAsterisk data={nivelOptions} allowDeselect={false} {...form.getInputProps('nivel')} onChange={(v) => v && form.setFieldValue('nivel', v as Nivel)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Empresa"
                  withAsterisk={values.nivel !== NIVEL.ADMINISTRADOR}
                  disabled={values.nivel === NIVEL.ADMINISTRADOR}
                  searchable
                  data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
                  {...form.getInputProps('empresa_id')}
                />
              </Grid.Col>
            </Grid>
            <FormActions cancelTo="/administracao/usuarios" loading={save.busy} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
