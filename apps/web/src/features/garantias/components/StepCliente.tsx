import { Grid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DATA_MINIMA, todayInSaoPaulo } from '@bg/domain';
import { AddressFields, DateField, DocumentInput, MoneyInput, PhoneInput } from '../../../components';
import { DocumentosDropzone } from './DocumentosDropzone';
import { isCnpjText, type WizardForm } from './wizard-form';

export interface StepClienteProps {
  form: WizardForm;
  files: File[];
  onFiles: (files: File[]) => void;
  /** Documents the known person already has (they count towards the limit of 3). */
  existingDocuments: number;
  onRejected: (msg: string) => void;
}

/** DADOS DO CLIENTE: labels follow the document kind (CPF / Nome Completo or CNPJ / Razão Social). */
export function StepCliente({ form, files, onFiles, existingDocuments, onRejected }: StepClienteProps) {
  const cnpj = isCnpjText(form.getValues().cpf_cnpj);
  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DocumentInput label={cnpj ? 'CNPJ' : 'CPF'} kind={cnpj ? 'cnpj' : 'cpf'} readOnly {...form.getInputProps('cpf_cnpj')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label={cnpj ? 'Razão Social' : 'Nome Completo'} withAsterisk maxLength={150} {...form.getInputProps('nome_razao')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <DateField label={cnpj ? 'Data de Fundação' : 'Data de Nascimento'} withAsterisk minDate={DATA_MINIMA} maxDate={todayInSaoPaulo()} {...form.getInputProps('data_nascimento')} />
        </Grid.Col>
      </Grid>
      {cnpj && (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Sócio Avalista" withAsterisk maxLength={150} {...form.getInputProps('socio_avalista')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <DocumentInput label="CPF do Avalista" kind="cpf" withAsterisk {...form.getInputProps('cpf_avalista')} />
          </Grid.Col>
        </Grid>
      )}
      <AddressFields form={form} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <PhoneInput label="Telefone 1" withAsterisk {...form.getInputProps('telefone1')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <PhoneInput label="Telefone 2" {...form.getInputProps('telefone2')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput label="Ocupação" withAsterisk maxLength={100} {...form.getInputProps('ocupacao')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <MoneyInput label="Renda" withAsterisk {...form.getInputProps('renda')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Referência Pessoal" withAsterisk maxLength={150} {...form.getInputProps('ref_pessoal')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput label="Telefone Ref. Pessoal" withAsterisk {...form.getInputProps('tel_ref_pessoal')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Referência Comercial" maxLength={150} {...form.getInputProps('ref_comercial')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PhoneInput label="Telefone Ref. Comercial" {...form.getInputProps('tel_ref_comercial')} />
        </Grid.Col>
      </Grid>
      <div>
        <Title order={6} mb={4}>
          Documentos do cliente
        </Title>
        <DocumentosDropzone files={files} onFiles={onFiles} existing={existingDocuments} onRejected={onRejected} />
        <Text size="xs" c="dimmed" mt={4}>
          Eles são enviados junto com a solicitação.
        </Text>
      </div>
    </Stack>
  );
}
