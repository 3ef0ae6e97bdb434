import { Alert, Grid, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { contaCobrancaSchema, type ContaCobrancaForm } from '@bg/domain';
import { FormActions, PageHeader } from '../../../components';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { saveContaCobranca, type ContaCobranca } from '../api/conta-cobranca';
import { contaCobrancaKeys, contaCobrancaQuery } from '../api/conta-cobranca-queries';
import { IntegracaoBancoSection } from '../components/IntegracaoBancoSection';
import { CertificadoBancoSection } from '../components/CertificadoBancoSection';

const EMPTY: ContaCobrancaForm = {
  banco: '104', agencia: '', conta: '', codigo_beneficiario: '', carteira: 'RG', nome: '', cnpj: '',
  cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '', pix_chave: '',
};

/** The form's values from the saved account (the optional fields come back as null). */
function formValues(c: ContaCobranca): ContaCobrancaForm {
  return {
    banco: c.banco, agencia: c.agencia, conta: c.conta ?? '', codigo_beneficiario: c.codigo_beneficiario, carteira: c.carteira,
    nome: c.nome, cnpj: c.cnpj, cep: c.cep, endereco: c.endereco, numero: c.numero, bairro: c.bairro, cidade: c.cidade, uf: c.uf,
    pix_chave: c.pix_chave ?? '',
  };
}

const FIELDS: { name: keyof ContaCobrancaForm; label: string; span: number; required?: boolean; hint?: string }[] = [
  { name: 'agencia', label: 'Agência', span: 3, required: true },
  { name: 'conta', label: 'Conta corrente', span: 3, hint: 'Banco do Brasil, convênio de 4 ou 6 dígitos' },
  { name: 'codigo_beneficiario', label: 'Código do beneficiário / Convênio', span: 3, required: true },
  { name: 'carteira', label: 'Carteira', span: 3, required: true, hint: 'Caixa: RG ou SR; BB: 2 dígitos' },
  { name: 'nome', label: 'Nome do beneficiário', span: 8, required: true },
  { name: 'cnpj', label: 'CNPJ', span: 4, required: true },
  { name: 'cep', label: 'CEP', span: 3, required: true },
  { name: 'endereco', label: 'Endereço', span: 6, required: true },
  { name: 'numero', label: 'Número', span: 3, required: true },
  { name: 'bairro', label: 'Bairro', span: 5, required: true },
  { name: 'cidade', label: 'Cidade', span: 5, required: true },
  { name: 'uf', label: 'UF', span: 2, required: true },
  { name: 'pix_chave', label: 'Chave Pix (boleto híbrido)', span: 12, hint: 'Opcional: com uma chave, cada boleto traz o QR code Pix' },
];

/** Administração > Conta de Cobrança: the beneficiary's bank account used on every slip, and how it reaches the bank. */
export function ContaCobrancaPage() {
  const query = useQuery(contaCobrancaQuery());
  const form = useForm<ContaCobrancaForm>({ initialValues: EMPTY, validate: zodValidate(contaCobrancaSchema) });
  // a success dialog closes after 1.5 s like every other (issue 25); the page's text says which
  // account is in use once the query is refreshed
  const save = useSubmit(saveContaCobranca, { form, invalidate: [contaCobrancaKeys.current] });
  useFormRecord(form, query.data, formValues);

  if (query.isLoading) return <Loader />;
  return (
    <Stack>
      <PageHeader title="Conta de Cobrança" />
      {query.data ? (
        <Text size="sm" c="dimmed">
          Conta em uso ({query.data.origem === 'ENV' ? 'configurada por variáveis de ambiente' : 'cadastrada'}), {query.data.boletos_emitidos} boleto(s) emitido(s).
          Mudar banco, agência, conta, código do beneficiário ou carteira cria uma nova conta com nova numeração; os boletos já emitidos continuam com a anterior.
        </Text>
      ) : (
        <Alert color="yellow" title="Conta de cobrança não configurada">
          Sem ela, os boletos liberados não podem ser impressos. Cadastre a conta abaixo.
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Banco"
              withAsterisk
              allowDeselect={false}
              data={[{ value: '104', label: '104 - Caixa Econômica Federal (SIGCB)' }, { value: '001', label: '001 - Banco do Brasil' }]}
              {...form.getInputProps('banco')}
            />
          </Grid.Col>
          {FIELDS.map((f) => (
            <Grid.Col key={f.name} span={{ base: 12, sm: f.span }}>
              <TextInput label={f.label} withAsterisk={f.required} description={f.hint} {...form.getInputProps(f.name)} />
            </Grid.Col>
          ))}
        </Grid>
        <FormActions mt="md" loading={save.busy} />
      </form>
      {query.data && <IntegracaoBancoSection />}
      {query.data && <CertificadoBancoSection />}
    </Stack>
  );
}
