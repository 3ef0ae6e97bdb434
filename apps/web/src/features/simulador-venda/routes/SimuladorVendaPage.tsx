import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  EMPRESA_DEFAULTS,
  NIVEL,
  SALE_SIMULATION_DEFAULT_INSTALLMENTS,
  SALE_SIMULATION_MAX_INSTALLMENTS,
  SALE_SIMULATION_MIN_INSTALLMENTS,
  saleSimulationSchema,
} from '@bg/domain';
import { DateText, MoneyInput, MoneyText, PageHeader } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { simularVenda, type SimulacaoVenda } from '../api/simulador';

type Values = { valor: number | null; qtd_parcelas: number | string };

const percent = (v: number) => `${String(v).replace('.', ',')}%`;

/**
 * "Simulador de venda com taxas" (spec §2): sale value and instalments (2 to 12, default 2), both
 * required with the spec's messages (saleSimulationSchema, the schema the API parses with). SIMULAR
 * stays disabled while either is empty or zero. The results are the API's (simulateSale): each
 * instalment's vencimento and new value, and the total. An administrador may pick the Loja whose
 * taxa_prorrata applies; without one, the default 0,1% ao dia.
 */
export function SimuladorVendaPage() {
  const user = useCurrentUser();
  const admin = user.nivel === NIVEL.ADMINISTRADOR;
  const [empresaId, setEmpresaId] = useState('');
  const [result, setResult] = useState<SimulacaoVenda | null>(null);
  const [error, setError] = useState<string | null>(null);
  const empresas = useQuery({ ...empresasForSelectQuery(), enabled: admin });
  const form = useForm<Values>({
    initialValues: { valor: null, qtd_parcelas: SALE_SIMULATION_DEFAULT_INSTALLMENTS },
    validate: zodValidate<unknown>(saleSimulationSchema),
    validateInputOnChange: true,
  });
  const { valor, qtd_parcelas } = form.values;
  const incompleto = !valor || !qtd_parcelas || Number(qtd_parcelas) === 0;

  const simular = useSubmit((values: Values) => simularVenda(Number(values.valor), Number(values.qtd_parcelas), empresaId ? Number(empresaId) : undefined), {
    // the API names the instalments after its path parameter (qtdParcelas)
    form: { setErrors: (errors) => form.setErrors({ valor: errors.valor, qtd_parcelas: errors.qtdParcelas }) },
    // the answer is the table below; a failure is shown above it, in place of the results
    result: false,
    error: 'none',
    onSuccess: (simulacao) => setResult(simulacao),
    onError: (err) => {
      setResult(null);
      setError(errorMessage(err));
    },
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    void simular.run(values);
  });

  return (
    <Stack>
      <PageHeader title="Simulador de venda com taxas" />
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: admin ? 3 : 2 }}>
          <MoneyInput label="Valor da venda" withAsterisk {...form.getInputProps('valor')} />
          <NumberInput
            label="Quantidade de parcelas"
            withAsterisk
            min={SALE_SIMULATION_MIN_INSTALLMENTS}
            max={SALE_SIMULATION_MAX_INSTALLMENTS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('qtd_parcelas')}
          />
          {admin && (
            <Select
              label="Loja (taxa prorrata)"
              data={[{ value: '', label: `Taxa padrão (${percent(EMPRESA_DEFAULTS.taxa_prorrata)} ao dia)` }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
              value={empresaId}
              onChange={(v) => setEmpresaId(v ?? '')}
              allowDeselect={false}
              searchable
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={incompleto} loading={simular.busy}>
            SIMULAR
          </Button>
        </Group>
      </Paper>
      {error && <Alert color="red">{error}</Alert>}
      {result && (
        <Stack gap="xs">
          <Text>
            Para receber <MoneyText value={result.valor} /> em {result.qtd_parcelas} parcelas (taxa de {percent(result.taxa_prorrata)} ao dia), cobre{' '}
            <strong>
              <InstallmentsSum qtd={result.qtd_parcelas} parcela={result.valor_nova_parcela} ultima={result.boletos.at(-1)?.valor_nova_parcela} />
            </strong>{' '}
            = <MoneyText value={result.total} />.
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label="Parcelas simuladas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcela</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Taxa</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Valor da Parcela</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Valor Líquido</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.boletos.map((b) => (
                  <Table.Tr key={b.parcela}>
                    <Table.Td>{String(b.parcela).padStart(2, '0')}</Table.Td>
                    <Table.Td><DateText value={b.vencimento} /></Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{percent(b.taxa)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}><MoneyText value={b.valor_nova_parcela} /></Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}><MoneyText value={b.valor_liquido} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>Total</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}><MoneyText value={result.total} /></Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}><MoneyText value={result.total_liquido} /></Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * "3 × R$ 355,11", or "2 × R$ 355,11 + R$ 355,12" when the last instalment absorbs the rounding so
 * the shop nets exactly the sale value (simulateSale).
 */
function InstallmentsSum({ qtd, parcela, ultima }: { qtd: number; parcela: number; ultima: number | undefined }) {
  if (ultima === undefined || ultima === parcela) {
    return (
      <>
        {qtd} × <MoneyText value={parcela} />
      </>
    );
  }
  return (
    <>
      {qtd - 1} × <MoneyText value={parcela} /> + <MoneyText value={ultima} />
    </>
  );
}
