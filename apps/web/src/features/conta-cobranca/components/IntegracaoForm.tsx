import { useState } from 'react';
import { ActionIcon, Alert, Button, CopyButton, Grid, Group, NumberInput, PasswordInput, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contaIntegracaoSchema } from '@bg/domain';
import { useFormRecord } from '../../../lib/use-form-record';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { saveIntegracao, testarConexao, type ContaBanco, type TesteConexao } from '../api/conta-banco';
import { contaCobrancaKeys } from '../api/conta-cobranca-queries';
import { integracaoBody, integracaoValues, type IntegracaoValues } from './integracao-form-values';

const GUARDADO = 'guardado — deixe em branco para manter';

/** Where the bank's notices must be registered, per bank (docs/banks.md). */
function webhookHint(banco: string): string {
  if (banco === '001')
    return 'Cadastre este endereço no Portal Developers do Banco do Brasil, na aplicação do convênio, como URL do webhook de baixa operacional: é por ele que os pagamentos chegam na hora.';
  if (banco === '104') return 'A Caixa não envia avisos de pagamento: os pagamentos chegam por "Consultar no banco" e pela conciliação diária. O endereço fica aqui para um banco que os envie.';
  return 'Cadastre este endereço no portal do banco como URL dos avisos de pagamento (webhook).';
}

/**
 * The integration of one conta with its bank (issue 26): the mode, the API's endpoints and
 * credentials — the secrets write-only: sent only when typed, blank keeps the stored ones — the
 * wait before changes, the webhook URL to register at the bank, and Testar conexão.
 */
export function IntegracaoForm({ conta }: { conta: ContaBanco }) {
  const form = useForm<IntegracaoValues>({
    initialValues: integracaoValues(conta),
    // the same schema the route parses with, over the body that would be sent
    validate: (values) => zodValidate(contaIntegracaoSchema)(integracaoBody(values, conta.banco)),
  });
  useFormRecord(form, conta, integracaoValues);
  const [teste, setTeste] = useState<TesteConexao | null>(null);
  const save = useSubmit((values: IntegracaoValues) => saveIntegracao(conta.id, integracaoBody(values, conta.banco)), {
    form,
    invalidate: [contaCobrancaKeys.contas],
    onSuccess: () => setTeste(null),
  });
  const testar = useSubmit(() => testarConexao(conta.id), { result: false, onSuccess: (r) => setTeste(r.data) });
  const api = form.values.modo === 'API';

  return (
    <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate aria-label={`Integração da conta ${conta.id}`}>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id={`modo-${conta.id}`}>
            Modo
          </Text>
          <SegmentedControl
            aria-labelledby={`modo-${conta.id}`}
            data={[
              { value: 'CNAB', label: 'Arquivo CNAB' },
              { value: 'API', label: 'API do banco' },
            ]}
            {...form.getInputProps('modo')}
          />
          {form.errors.modo && (
            <Text size="sm" c="red" mt={4} role="alert">
              {form.errors.modo}
            </Text>
          )}
        </div>
        <Text size="sm" c="dimmed">
          {api
            ? 'Por API, os boletos são registrados, alterados e baixados pela API do banco, sem remessa; um boleto só pode ser impresso depois que o banco confirma o registro.'
            : 'Por arquivo CNAB, os boletos vão ao banco na remessa que o administrador gera, e os pagamentos voltam no arquivo de retorno.'}
        </Text>
        {api && (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Endereço da API" withAsterisk placeholder="https://…" {...form.getInputProps('api_url')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Endereço do token (OAuth)" withAsterisk placeholder="https://…" {...form.getInputProps('api_oauth_url')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Client ID" withAsterisk autoComplete="off" {...form.getInputProps('api_client_id')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PasswordInput
                label="Client secret"
                withAsterisk={!conta.tem_client_secret}
                autoComplete="new-password"
                placeholder={conta.tem_client_secret ? GUARDADO : undefined}
                description={conta.tem_client_secret ? GUARDADO : undefined}
                {...form.getInputProps('client_secret')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <PasswordInput
                label="Chave da aplicação"
                withAsterisk={!conta.tem_app_key}
                autoComplete="new-password"
                placeholder={conta.tem_app_key ? GUARDADO : undefined}
                description={conta.tem_app_key ? GUARDADO : 'Banco do Brasil: gw-dev-app-key; Caixa: apikey'}
                {...form.getInputProps('app_key')}
              />
            </Grid.Col>
            {conta.banco === '001' && (
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput label="Variação da carteira" withAsterisk description="Banco do Brasil: até 3 dígitos" {...form.getInputProps('variacao_carteira')} />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label="Espera para alterar (min)"
                description="Minutos que o banco exige entre o registro e uma alteração (BB: 30)"
                min={0}
                max={1440}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('alteracao_espera_minutos')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label="URL do webhook"
                readOnly
                value={conta.webhook_url}
                description={webhookHint(conta.banco)}
                rightSection={
                  <CopyButton value={conta.webhook_url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copiada' : 'Copiar'} withArrow>
                        <ActionIcon variant="subtle" onClick={copy} aria-label="Copiar a URL do webhook">
                          {copied ? '✓' : '⧉'}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                }
              />
            </Grid.Col>
          </Grid>
        )}
        {teste && (
          <Alert color={teste.ok ? 'green' : 'red'} title={teste.ok ? 'Conexão funcionando' : 'A conexão falhou'} data-testid="teste-conexao">
            {teste.mensagem}
            {teste.latencia_ms !== null && ` (${teste.latencia_ms} ms)`}
          </Alert>
        )}
        <Group justify="flex-end">
          {conta.modo === 'API' && (
            <Tooltip label="Pede um token ao banco com as credenciais salvas" withArrow>
              <Button variant="light" onClick={() => void testar.run()} loading={testar.busy}>
                Testar conexão
              </Button>
            </Tooltip>
          )}
          <Button type="submit" loading={save.busy}>
            Salvar integração
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
