import { Alert, Button, Grid, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contaCobrancaSchema, type ContaCobrancaForm } from '@bg/domain';
import { FormActions, PageHeader } from '../../../components';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { saveContaCobranca, type ContaCobranca } from '../api/conta-cobranca';
import { createConta, updateConta, type ContaListada } from '../api/contas';
import { bancosQuery, contaCobrancaKeys, contaCobrancaQuery } from '../api/conta-cobranca-queries';
import { ContasLista } from '../components/ContasLista';
import { ContaDaLojaSection } from '../components/ContaDaLojaSection';
import { IntegracaoBancoSection } from '../components/IntegracaoBancoSection';
import { CertificadoBancoSection } from '../components/CertificadoBancoSection';

const EMPTY: ContaCobrancaForm = {
  banco: '104', agencia: '', conta: '', codigo_beneficiario: '', carteira: 'RG', nome: '', cnpj: '',
  cep: '', endereco: '', numero: '', bairro: '', cidade: '', uf: '', pix_chave: '', layout_cnab: '',
};

/** The form's values from the saved account (the optional fields come back as null). */
function formValues(c: ContaCobranca | ContaListada): ContaCobrancaForm {
  return {
    banco: c.banco, agencia: c.agencia, conta: c.conta ?? '', codigo_beneficiario: c.codigo_beneficiario, carteira: c.carteira,
    nome: c.nome, cnpj: c.cnpj, cep: c.cep, endereco: c.endereco, numero: c.numero, bairro: c.bairro, cidade: c.cidade, uf: c.uf,
    pix_chave: c.pix_chave ?? '', layout_cnab: String(c.layout_cnab) as '240' | '400',
  };
}

/** Which conta the form edits: the house default (the page's first view), another one, or a new one. */
type Editando = { kind: 'padrao' } | { kind: 'conta'; id: number } | { kind: 'nova' };

const FIELDS: { name: keyof ContaCobrancaForm; label: string; span: number; required?: boolean; hint?: string }[] = [
  { name: 'agencia', label: 'Agência', span: 3, required: true },
  { name: 'conta', label: 'Conta corrente', span: 3, hint: 'Banco do Brasil, convênio de 4 ou 6 dígitos' },
  { name: 'codigo_beneficiario', label: 'Código do beneficiário / Convênio', span: 3, required: true },
  { name: 'carteira', label: 'Carteira', span: 3, required: true, hint: 'Caixa: RG ou SR; BB: 2 dígitos; Itaú: 3 dígitos' },
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

/**
 * Administração > Conta de Cobrança (decision 126): every conta de cobrança — the house default,
 * the others, the deactivated —, the form of the one being edited (the default at first; Nova conta
 * and Editar choose another), each shop's own conta, and how the contas reach their banks.
 */
export function ContaCobrancaPage() {
  const query = useQuery(contaCobrancaQuery());
  const bancos = useQuery(bancosQuery());
  const [editando, setEditando] = useState<Editando>({ kind: 'padrao' });
  const form = useForm<ContaCobrancaForm>({ initialValues: EMPTY, validate: zodValidate(contaCobrancaSchema) });
  const invalidate = [contaCobrancaKeys.current];
  // a success dialog closes after 1.5 s like every other (issue 25); the list says which conta is which
  const save = useSubmit(saveContaCobranca, { form, invalidate });
  const create = useSubmit(createConta, { form, invalidate, onSuccess: () => setEditando({ kind: 'padrao' }) });
  const update = useSubmit(updateConta, { form, invalidate, onSuccess: () => setEditando({ kind: 'padrao' }) });
  useFormRecord(form, editando.kind === 'padrao' ? query.data : undefined, formValues);
  const banco = bancos.data?.find((b) => b.codigo === form.values.banco);

  const editar = (conta: ContaListada) => {
    setEditando(conta.padrao ? { kind: 'padrao' } : { kind: 'conta', id: conta.id });
    form.setValues(formValues(conta));
    form.resetDirty();
  };
  const nova = () => {
    setEditando({ kind: 'nova' });
    form.setValues(EMPTY);
    form.resetDirty();
  };
  const submit = (values: ContaCobrancaForm) => {
    if (editando.kind === 'nova') return create.run(values);
    if (editando.kind === 'conta') return update.run(editando.id, values);
    return save.run(values);
  };

  if (query.isLoading) return <Loader />;
  const titulo = editando.kind === 'nova' ? 'Nova conta de cobrança' : editando.kind === 'conta' ? 'Editar conta de cobrança' : 'Conta padrão da casa';
  return (
    <Stack>
      <PageHeader title="Conta de Cobrança" />
      {query.data ? (
        <Text size="sm" c="dimmed">
          Conta padrão da casa ({query.data.origem === 'ENV' ? 'configurada por variáveis de ambiente' : 'cadastrada'}), {query.data.boletos_emitidos} boleto(s) emitido(s).
          Cada boleto fica na conta em que foi emitido. Mudar banco, agência, conta, código do beneficiário, carteira ou layout cria uma nova conta com nova numeração; os boletos já emitidos continuam com a anterior.
        </Text>
      ) : (
        <Alert color="yellow" title="Conta de cobrança não configurada">
          Sem ela, os boletos liberados não podem ser impressos. Cadastre a conta abaixo.
        </Alert>
      )}
      {query.data && (
        <>
          <Group justify="space-between">
            <Title order={4}>Contas de cobrança</Title>
            <Button variant="light" onClick={nova}>
              Nova conta
            </Button>
          </Group>
          <ContasLista editando={editando.kind === 'conta' ? editando.id : editando.kind === 'padrao' ? (query.data?.id ?? null) : null} onEditar={editar} />
        </>
      )}
      <Title order={4}>{titulo}</Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Banco"
              withAsterisk
              allowDeselect={false}
              data={(bancos.data ?? []).map((b) => ({ value: b.codigo, label: `${b.codigo} - ${b.nome}` }))}
              {...form.getInputProps('banco')}
            />
          </Grid.Col>
          {banco && banco.layouts.length > 1 && (
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Select
                label="Layout da remessa"
                description="Este banco aceita os dois layouts"
                data={banco.layouts.map((l) => ({ value: String(l), label: `CNAB ${l}` }))}
                {...form.getInputProps('layout_cnab')}
                value={form.values.layout_cnab ? String(form.values.layout_cnab) : null}
                onChange={(v) => form.setFieldValue('layout_cnab', (v ?? '') as '240' | '400' | '')}
              />
            </Grid.Col>
          )}
          {FIELDS.map((f) => (
            <Grid.Col key={f.name} span={{ base: 12, sm: f.span }}>
              <TextInput label={f.label} withAsterisk={f.required} description={f.hint} {...form.getInputProps(f.name)} />
            </Grid.Col>
          ))}
        </Grid>
        <Group mt="md">
          <FormActions loading={save.busy || create.busy || update.busy} />
          {editando.kind !== 'padrao' && (
            <Button variant="subtle" onClick={() => setEditando({ kind: 'padrao' })}>
              Voltar à conta padrão
            </Button>
          )}
        </Group>
      </form>
      {query.data && <ContaDaLojaSection />}
      {query.data && <IntegracaoBancoSection />}
      {query.data && <CertificadoBancoSection />}
    </Stack>
  );
}
