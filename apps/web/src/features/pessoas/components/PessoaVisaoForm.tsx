import { Alert, Button, Divider, Fieldset, Grid, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { documentKind, formatDateBR, PESSOA_IDENTIDADE_LABEL, pessoaSchema } from '@bg/domain';
import { AddressFields, DateField, DocumentInput, FormActions, MoneyInput, PhoneInput } from '../../../components';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { pessoaKeys } from '../api/pessoa-queries';
import { pessoasApi, type Pessoa, type PessoaVisao } from '../api/pessoas';
import { DocumentosPanel } from './DocumentosPanel';

type Values = {
  cpf_cnpj: string; nome_razao: string; data_nascimento: string; cep: string; endereco: string; numero: string; complemento: string; bairro: string;
  cidade: string; uf: string; telefone1: string; telefone2: string; ref_comercial: string; tel_ref_comercial: string; ref_pessoal: string;
  tel_ref_pessoal: string; ocupacao: string; renda: number | null; socio_avalista: string; cpf_avalista: string;
};

const TEXT_FIELDS = ['nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2', 'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'socio_avalista', 'cpf_avalista'] as const;

function toValues(cpfCnpj: string, v: PessoaVisao): Values {
  const out = { cpf_cnpj: cpfCnpj, renda: v.renda } as Values;
  for (const f of TEXT_FIELDS) (out as Record<string, unknown>)[f] = v[f] ?? '';
  return out;
}

/**
 * One shop's view of a person (decision 104): the "Atualização da Pessoa" fields as that Loja typed
 * them, and its documents. Editable for the Loja itself (and administradores); a franqueado reads
 * its franchisees' views. The document is the shared identity's and is never changed here; an
 * administrador sees where the view diverges from the identity.
 */
export function PessoaVisaoForm({ pessoa, visao, admin }: { pessoa: Pessoa; visao: PessoaVisao; admin: boolean }) {
  const navigate = useNavigate();
  const form = useForm<Values>({ initialValues: toValues(pessoa.cpf_cnpj, visao), validate: zodValidate(pessoaSchema) });
  const save = useSubmit((values: Values) => pessoasApi.update(pessoa.id, { ...values, ...(admin ? { empresa_id: visao.empresa_id } : {}) }), {
    form,
    invalidate: [pessoaKeys.all, pessoaKeys.detail(pessoa.id)],
    result: { onClose: () => navigate('/administracao/pessoas') },
  });
  useFormRecord(form, visao, (v) => toValues(pessoa.cpf_cnpj, v));

  const isCnpj = documentKind(pessoa.cpf_cnpj) === 'CNPJ';
  const col = (n: number) => ({ base: 12, sm: n });
  const identidade = pessoa.identidade;
  const divergente = (campo: (typeof visao.divergencias)[number]) => {
    if (!identidade) return '';
    const valor = campo === 'data_nascimento' ? (identidade.data_nascimento ? formatDateBR(identidade.data_nascimento) : 'não informada') : identidade.nome_razao;
    return `${PESSOA_IDENTIDADE_LABEL[campo]} na identificação: ${valor}`;
  };
  return (
    <Paper withBorder p="md">
      {visao.divergencias.length > 0 && (
        <Alert color="orange" variant="light" mb="md" title={`Divergência com a identificação (${visao.loja})`}>
          {visao.divergencias.map((c) => (
            <div key={c}>{divergente(c)}</div>
          ))}
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
        <Fieldset variant="unstyled" disabled={!visao.editavel}>
          <Stack>
            <Grid>
              <Grid.Col span={col(4)}>
                <DocumentInput label={isCnpj ? 'CNPJ' : 'CPF'} withAsterisk disabled {...form.getInputProps('cpf_cnpj')} />
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
          </Stack>
        </Fieldset>
        {visao.editavel ? (
          <FormActions mt="md" cancelTo="/administracao/pessoas" loading={save.busy} />
        ) : (
          // a franchisee's view: read only (DOMAIN.md)
          <Group justify="flex-end" mt="md">
            <Button component={Link} to="/administracao/pessoas" variant="default">
              Voltar
            </Button>
          </Group>
        )}
      </form>
      <Divider my="md" />
      <DocumentosPanel pessoaId={pessoa.id} visao={visao} admin={admin} />
    </Paper>
  );
}
