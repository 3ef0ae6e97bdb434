import { Grid, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { boletoAvulsoSchema, documentKind, isValidCpfCnpj, todayInSaoPaulo, ultimoVencimentoAceito, type BoletoAvulsoInput } from '@bg/domain';
import { AddressFields, DateField, DocumentInput, FormActions, MoneyInput, PageHeader } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { boletoAvulsoKeys } from '../api/boleto-avulso-queries';
import { createBoletoAvulso, pagadorByCpfCnpj, type Pagador } from '../api/boletos-avulsos';

type Values = {
  cpf_cnpj: string; nome_razao: string; cep: string; endereco: string; numero: string; complemento: string; bairro: string; cidade: string; uf: string;
  valor: number | null; vencimento: string; empresa_id: string | null;
};

const EMPTY: Values = { cpf_cnpj: '', nome_razao: '', cep: '', endereco: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '', valor: null, vencimento: '', empresa_id: null };
const LIST = '/financeiro/boletos-avulsos';

/** The validated form as the contract's input: valor is set (the schema refused null before submit). */
function toInput(v: Values): BoletoAvulsoInput {
  return { ...v, valor: v.valor ?? 0 };
}

/**
 * "Novo Boleto Avulso": leaving the CPF/CNPJ fills a known payer (GET getByCpfCnpj); the address by
 * CEP (cidade and UF disabled while the lookup's answer fills them); valor and vencimento; an optional
 * empresa (the shop it is charged for). Validated with the API's own schema (spec §5).
 */
export function NovoBoletoAvulsoPage() {
  const navigate = useNavigate();
  // the form holds what the inputs hold (valor null while empty, empresa as the select's text); the
  // schema parses exactly that, as the API does
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidate<unknown>(boletoAvulsoSchema) });
  const empresas = useQuery(empresasForSelectQuery());
  const save = useSubmit((v: Values) => createBoletoAvulso(toInput(v)), {
    form,
    invalidate: [boletoAvulsoKeys.all],
    result: { onClose: () => navigate(LIST) },
  });

  async function fillKnown() {
    const doc = form.getValues().cpf_cnpj;
    if (!isValidCpfCnpj(doc)) return;
    let known: Pagador | null = null;
    try {
      known = await pagadorByCpfCnpj(doc);
    } catch {
      return; // the lookup only helps: the form stays as typed
    }
    if (!known) return;
    const current = form.getValues();
    form.setValues({
      nome_razao: known.nome_razao,
      cep: known.cep ?? current.cep,
      endereco: known.endereco ?? current.endereco,
      numero: known.numero ?? current.numero,
      complemento: known.complemento ?? current.complemento,
      bairro: known.bairro ?? current.bairro,
      cidade: known.cidade ?? current.cidade,
      uf: known.uf ?? current.uf,
    });
    form.clearErrors();
  }

  const isCnpj = documentKind(form.getValues().cpf_cnpj) === 'CNPJ';
  const col = (n: number) => ({ base: 12, sm: n });
  const cpfProps = form.getInputProps('cpf_cnpj');
  return (
    <Stack maw={1000}>
      <PageHeader title="Novo Boleto Avulso" />
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => save.run(v))} noValidate>
          <Stack>
            <Grid>
              <Grid.Col span={col(4)}>
                <DocumentInput
                  label="CPF/CNPJ"
                  withAsterisk
                  {...cpfProps}
                  onBlur={(e) => {
                    cpfProps.onBlur?.(e);
                    void fillKnown();
                  }}
                />
              </Grid.Col>
              <Grid.Col span={col(8)}>
                <TextInput label={isCnpj ? 'Razão Social' : 'Nome'} withAsterisk maxLength={150} {...form.getInputProps('nome_razao')} />
              </Grid.Col>
            </Grid>
            <AddressFields form={form} />
            <Grid>
              <Grid.Col span={col(3)}>
                <MoneyInput label="Valor" withAsterisk {...form.getInputProps('valor')} />
              </Grid.Col>
              <Grid.Col span={col(3)}>
                <DateField label="Vencimento" withAsterisk minDate={todayInSaoPaulo()} maxDate={ultimoVencimentoAceito(todayInSaoPaulo())} {...form.getInputProps('vencimento')} />
              </Grid.Col>
              <Grid.Col span={col(6)}>
                <Select
                  label="Empresa (opcional)"
                  description="A loja pela qual o boleto é cobrado; vazio: cobrança própria"
                  data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
                  clearable
                  searchable
                  {...form.getInputProps('empresa_id')}
                />
              </Grid.Col>
            </Grid>
            <FormActions loading={save.busy} cancelTo={LIST} submitLabel="Salvar" />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
