import { Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { documentKind, pessoaIdentidadeSchema } from '@bg/domain';
import { DateField, DocumentInput, FormActions } from '../../../components';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { pessoaKeys } from '../api/pessoa-queries';
import { pessoasApi, type Pessoa } from '../api/pessoas';

type Values = { cpf_cnpj: string; nome_razao: string; data_nascimento: string };

const toValues = (p: Pessoa): Values => ({ cpf_cnpj: p.cpf_cnpj, nome_razao: p.identidade?.nome_razao ?? p.nome_razao, data_nascimento: p.identidade?.data_nascimento ?? '' });

/**
 * The identity every Loja's view shares — document, name, birth date (decision 104) — for
 * administradores, who settle a divergence here.
 */
export function IdentidadeForm({ pessoa }: { pessoa: Pessoa }) {
  const form = useForm<Values>({ initialValues: toValues(pessoa), validate: zodValidate(pessoaIdentidadeSchema) });
  const save = useSubmit((values: Values) => pessoasApi.updateIdentidade(pessoa.id, values), {
    form,
    invalidate: [pessoaKeys.all, pessoaKeys.detail(pessoa.id)],
  });
  useFormRecord(form, pessoa, toValues);
  const isCnpj = documentKind(form.getValues().cpf_cnpj) === 'CNPJ';
  const col = (n: number) => ({ base: 12, sm: n });
  return (
    <Paper withBorder p="md" component="section" aria-label="Identificação">
      <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
        <Stack>
          <div>
            <Title order={5}>Identificação (comum a todas as lojas)</Title>
            <Text size="xs" c="dimmed">
              O que cada loja informou fica na visão da loja, abaixo; uma diferença aparece como divergência.
            </Text>
          </div>
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
          <FormActions submitLabel="Salvar identificação" loading={save.busy} />
        </Stack>
      </form>
    </Paper>
  );
}
