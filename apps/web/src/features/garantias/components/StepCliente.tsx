import { Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { AddressFields, DateField, DocumentInput, MoneyInput, PhoneInput } from '../../../components';
import { isCnpjText, type WizardForm } from './wizard-form';

/** Spec §5: person documents, at most 3 files (the server checks type and size again). */
export const MAX_DOCUMENTOS = 3;
const ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'];

export interface StepClienteProps {
  form: WizardForm;
  files: File[];
  onFiles: (files: File[]) => void;
  onRejected: (msg: string) => void;
}

/** DADOS DO CLIENTE: labels follow the document kind (CPF / Nome Completo or CNPJ / Razão Social). */
export function StepCliente({ form, files, onFiles, onRejected }: StepClienteProps) {
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
          <DateField label={cnpj ? 'Data de Fundação' : 'Data de Nascimento'} withAsterisk maxDate={new Date()} {...form.getInputProps('data_nascimento')} />
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
        <Dropzone
          onDrop={(dropped) => onFiles([...files, ...dropped].slice(0, MAX_DOCUMENTOS))}
          onReject={() => onRejected(`Envie até ${MAX_DOCUMENTOS} arquivos JPG, PNG ou PDF de até 10 MB.`)}
          maxFiles={MAX_DOCUMENTOS}
          maxSize={10 * 1024 * 1024}
          accept={ACCEPT}
          disabled={files.length >= MAX_DOCUMENTOS}
          aria-label="Documentos do cliente"
        >
          <Group justify="center" mih={70} style={{ pointerEvents: 'none' }}>
            <Text size="sm" c="dimmed" ta="center">
              Arraste aqui ou clique para anexar documentos do cliente (até {MAX_DOCUMENTOS} arquivos). Eles são enviados junto com a solicitação.
            </Text>
          </Group>
        </Dropzone>
        {files.length > 0 && (
          <Group gap="xs" mt="xs">
            {files.map((f, i) => (
              <Text key={`${f.name}-${i}`} size="sm" component="span" style={{ cursor: 'pointer' }} onClick={() => onFiles(files.filter((_, j) => j !== i))} title="Clique para remover">
                📎 {f.name} ✕
              </Text>
            ))}
          </Group>
        )}
      </div>
    </Stack>
  );
}
