import { Divider, Grid, Loader, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { empresaSchema, NIVEL } from '@bg/domain';
import { AddressFields, DocumentInput, FormActions, PageHeader, PhoneInput } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { empresaKeys, empresaQuery } from '../api/empresa-queries';
import { empresasApi } from '../api/empresas';
import { EmpresaTermsFields } from '../components/EmpresaTermsFields';
import { empresaPayload, empresaToValues, emptyEmpresaValues, type EmpresaFormValues } from '../components/empresa-form-values';
import { EmpresaContaCobranca } from '../components/EmpresaContaCobranca';

/** Nova Empresa / Atualização da Empresa (spec §3 Company, §5 required fields). */
export function EmpresaFormPage() {
  const { idEmpresa } = useParams();
  const id = idEmpresa ? Number(idEmpresa) : null;
  const user = useCurrentUser();
  const admin = isAdmin(user);
  // CNPJ and razão social are set at creation; afterwards only administradores change them (DOMAIN.md Tenancy)
  const identityLocked = id !== null && !admin;
  const lockedHint = identityLocked ? 'Somente administradores alteram' : undefined;
  const navigate = useNavigate();
  const form = useForm<EmpresaFormValues>({
    // A franqueado's new empresa becomes its franchisee (shown, not editable).
    initialValues: emptyEmpresaValues(!admin && user.nivel === NIVEL.FRANQUEADO ? (user.empresa?.id ?? null) : null),
    validate: zodValidate(empresaSchema),
  });
  const existing = useQuery(empresaQuery(id));
  const options = useQuery(empresasForSelectQuery());

  const save = useSubmit(
    (values: EmpresaFormValues) => {
      const body = empresaPayload(values, admin);
      return id === null ? empresasApi.create(body) : empresasApi.update(id, body);
    },
    { form, invalidate: [empresaKeys.all, empresaKeys.detail(id)], result: { onClose: () => navigate('/administracao/empresas') } },
  );

  useFormRecord(form, existing.data, empresaToValues);

  if (id !== null && existing.isLoading) return <Loader />;
  if (id !== null && existing.isError) return <PageHeader title={errorMessage(existing.error)} />;

  const franqueadoOptions = (options.data ?? []).filter((o) => o.value !== id).map((o) => ({ value: String(o.value), label: o.label }));
  // A franchisee's franqueado is outside its own scope (not in dataForSelect): show it by name.
  const current = existing.data;
  if (current?.franqueado_id != null && !franqueadoOptions.some((o) => o.value === String(current.franqueado_id))) {
    franqueadoOptions.push({ value: String(current.franqueado_id), label: current.franqueado_fantasia ?? `Empresa ${current.franqueado_id}` });
  }
  return (
    <Stack>
      <PageHeader title={id === null ? 'Nova Empresa' : 'Atualização da Empresa'} />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
          <Stack>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <DocumentInput kind="cnpj" label="CNPJ" withAsterisk={!identityLocked} readOnly={identityLocked} description={lockedHint} {...form.getInputProps('cnpj')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label="Razão Social" withAsterisk={!identityLocked} readOnly={identityLocked} description={lockedHint} maxLength={150} {...form.getInputProps('razao')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label="Nome Fantasia" withAsterisk maxLength={150} {...form.getInputProps('fantasia')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label="Inscrição Estadual" maxLength={30} {...form.getInputProps('insc_estadual')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label="Responsável" maxLength={150} {...form.getInputProps('responsavel')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Franqueado"
                  placeholder="Nenhum"
                  data={franqueadoOptions}
                  clearable={admin}
                  searchable={admin}
                  readOnly={!admin}
                  {...form.getInputProps('franqueado_id')}
                />
              </Grid.Col>
            </Grid>
            <AddressFields form={form} />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <TextInput label="Email" type="email" maxLength={150} {...form.getInputProps('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <PhoneInput label="Telefone 1" {...form.getInputProps('tel1')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <PhoneInput label="Telefone 2" {...form.getInputProps('tel2')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <PhoneInput label="Telefone 3" {...form.getInputProps('tel3')} />
              </Grid.Col>
            </Grid>
            <Divider />
            <Title order={5}>Condições comerciais</Title>
            <EmpresaTermsFields form={form} editable={admin} />
            <FormActions cancelTo="/administracao/empresas" loading={save.busy} />
          </Stack>
        </form>
      </Paper>
      {admin && id !== null && <EmpresaContaCobranca empresaId={id} />}
    </Stack>
  );
}
