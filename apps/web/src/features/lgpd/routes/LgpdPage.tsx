import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lgpdExportSchema, onlyDigits } from '@bg/domain';
import { DocumentInput, PageHeader } from '../../../components';
import { download } from '../../../lib/download';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { lgpdApi } from '../api/lgpd';

/**
 * Administração > LGPD: the data subject's request — everything held about one CPF/CNPJ as JSON
 * (machine-readable) or as a PDF report. The document goes in the request body, never in the URL;
 * each export is logged and audited. Who viewed a person's data: Pessoas > Acessos (LGPD).
 */
export function LgpdPage() {
  const form = useForm({ initialValues: { cpf_cnpj: '' }, validate: zodValidate(lgpdExportSchema) });
  const exportar = useSubmit(
    async (cpf_cnpj: string, formato: 'json' | 'pdf') => download(await lgpdApi.exportar(cpf_cnpj, formato), `lgpd-${onlyDigits(cpf_cnpj)}.${formato}`),
    { form, result: false, error: 'alert' },
  );
  const submit = (formato: 'json' | 'pdf') => form.onSubmit((values) => exportar.run(values.cpf_cnpj, formato))();

  return (
    <Stack maw={640}>
      <PageHeader title="LGPD" />
      <Paper withBorder p="md">
        <Stack>
          <Text size="sm">
            Exporta tudo o que o sistema guarda sobre um titular (Lei 13.709/2018, art. 18): cadastro, telefones, lista de documentos,
            garantias, boletos, acordos, anotações, inclusões no SPC, assinaturas, mensagens enviadas, consultas e o registro de acessos.
          </Text>
          <DocumentInput label="CPF/CNPJ do titular" {...form.getInputProps('cpf_cnpj')} />
          <Group justify="flex-end">
            <Button variant="default" loading={exportar.busy} onClick={() => submit('json')}>
              Exportar JSON
            </Button>
            <Button loading={exportar.busy} onClick={() => submit('pdf')}>
              Exportar PDF
            </Button>
          </Group>
          <Alert color="gray" variant="light">
            A exportação fica registrada nos acessos da pessoa e na auditoria.
          </Alert>
        </Stack>
      </Paper>
    </Stack>
  );
}
