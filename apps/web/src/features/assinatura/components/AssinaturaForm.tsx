import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { assinaturaAssinarSchema } from '@bg/domain';
import { DocumentInput } from '../../../components';
import { zodValidate } from '../../../lib/zod-form';

export type AssinaturaValues = { cpf_cnpj: string; nome: string; aceite: boolean };

export interface AssinaturaFormProps {
  aceite: string;
  busy: boolean;
  onSubmit: (values: AssinaturaValues, form: { setErrors(errors: Record<string, string>): void }) => void;
}

/** The signer's CPF/CNPJ (the buyer's), full name and the acceptance declaration, then Assinar. */
export function AssinaturaForm({ aceite, busy, onSubmit }: AssinaturaFormProps) {
  const form = useForm<AssinaturaValues>({
    initialValues: { cpf_cnpj: '', nome: '', aceite: false },
    validate: zodValidate<unknown>(assinaturaAssinarSchema),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values, form))} noValidate aria-label="Assinar duplicatas">
      <Stack>
        <DocumentInput label="Seu CPF/CNPJ" withAsterisk autoComplete="off" {...form.getInputProps('cpf_cnpj')} />
        <TextInput label="Nome completo" withAsterisk maxLength={150} autoComplete="name" {...form.getInputProps('nome')} />
        <Checkbox label={aceite} {...form.getInputProps('aceite', { type: 'checkbox' })} />
        <Button type="submit" size="md" loading={busy}>
          Assinar
        </Button>
      </Stack>
    </form>
  );
}
