import { Button, Divider, Grid, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { documentKind, pessoaSchema } from '@bg/domain';
import { AddressFields, DateField, DocumentInput, FormActions, MoneyInput, PageHeader, PhoneInput } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { pessoaKeys, pessoaQuery } from '../api/pessoa-queries';
import { pessoasApi, type Pessoa } from '../api/pessoas';
import { DocumentosPanel } from '../components/DocumentosPanel';

type Values = {
  cpf_cnpj: string; nome_razao: string; data_nascimento: string; cep: string; endereco: string; numero: string; complemento: string; bairro: string;
  cidade: string; uf: string; telefone1: string; telefone2: string; ref_comercial: string; tel_ref_comercial: string; ref_pessoal: string;
  tel_ref_pessoal: string; ocupacao: string; renda: number | null; socio_avalista: string; cpf_avalista: string;
};

const TEXT_FIELDS = ['cpf_cnpj', 'nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2', 'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'socio_avalista', 'cpf_avalista'] as const;

function toValues(p: Pessoa): Values {
  const out = { renda: p.renda } as Values;
  for (const f of TEXT_FIELDS) (out as Record<string, unknown>)[f] = p[f] ?? '';
  return out;
}

/** "Atualização da Pessoa": the §5 required fields, CNPJ avalista data, and the documents. */
export function PessoaFormPage() {
  const id = Number(useParams().idPessoa);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const existing = useQuery(pessoaQuery(id));
  const form = useForm<Values>({ initialValues: toValues({} as Pessoa), validate: zodValidate(pessoaSchema) });
  const save = useSubmit((values: Values) => pessoasApi.update(id, values), {
    form,
    invalidate: [pessoaKeys.all, pessoaKeys.detail(id)],
    result: { onClose: () => navigate('/administracao/pessoas') },
  });

  useFormRecord(form, existing.data, toValues);

  if (existing.isLoading) return <Loader />;
  if (existing.isError) return <PageHeader title={errorMessage(existing.error)} />;

  const isCnpj = documentKind(form.getValues().cpf_cnpj) === 'CNPJ';
  const col = (n: number) => ({ base: 12, sm: n });
  return (
    <Stack>
      <PageHeader
        title="Atualização da Pessoa"
        // LGPD: who viewed this person's income, documents and bureau results (administradores)
        actions={isAdmin(user) && (
          <Button component={Link} to={`/administracao/lgpd/acessos/${id}`} variant="default">
            Acessos (LGPD)
          </Button>
        )}
      />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
          <Stack>
            <Grid>
              <Grid.Col span={col(4)}>
                <DocumentInput label={isCnpj ? 'CNPJ' : 'CPF'} withAsterisk {...form.getInputProps('cpf_cnpj')} />
              </Grid.Col>
              <Grid.Col span={col(5)}>
                <TextInput label={isCnpj ? 'Razão Social' : 'Nome Completo'} withAsterisk maxLength={150} {...form.getInputProps('nome_razao')} />
              </Grid.Col>
              <Grid.Col span={col(3)}>
                <DateField label={isCnpj ? 'Data de fundação' : 'Data de nascimento'} {...form.getInputProps('data_nascimento')} />
              </Grid.Col>
            </Grid>
            <AddressFields form={form} />
            <Grid>
              <Grid.Col span={col(3)}>
                <PhoneInput label="Telefone 1" {...form.getInputProps('telefone1')} />
              </Grid.Col>
              <Grid.Col span={col(3)}>
                <PhoneInput label="Telefone 2" {...form.getInputProps('telefone2')} />
              </Grid.Col>
              <Grid.Col span={col(3)}>
                <TextInput label="Ocupação" maxLength={100} {...form.getInputProps('ocupacao')} />
              </Grid.Col>
              <Grid.Col span={col(3)}>
                <MoneyInput label="Renda" {...form.getInputProps('renda')} />
              </Grid.Col>
              <Grid.Col span={col(4)}>
                <TextInput label="Ref. pessoal" maxLength={150} {...form.getInputProps('ref_pessoal')} />
              </Grid.Col>
              <Grid.Col span={col(2)}>
                <PhoneInput label="Tel. ref. pessoal" {...form.getInputProps('tel_ref_pessoal')} />
              </Grid.Col>
              <Grid.Col span={col(4)}>
                <TextInput label="Ref. comercial" maxLength={150} {...form.getInputProps('ref_comercial')} />
              </Grid.Col>
              <Grid.Col span={col(2)}>
                <PhoneInput label="Tel. ref. comercial" {...form.getInputProps('tel_ref_comercial')} />
              </Grid.Col>
              {isCnpj && (
                <>
                  <Grid.Col span={col(6)}>
                    <TextInput label="Sócio avalista" maxLength={150} {...form.getInputProps('socio_avalista')} />
                  </Grid.Col>
                  <Grid.Col span={col(3)}>
                    <DocumentInput kind="cpf" label="CPF do avalista" {...form.getInputProps('cpf_avalista')} />
                  </Grid.Col>
                </>
              )}
            </Grid>
            <FormActions cancelTo="/administracao/pessoas" loading={save.busy} />
          </Stack>
        </form>
        <Divider my="md" />
        <DocumentosPanel pessoaId={id} />
      </Paper>
    </Stack>
  );
}
