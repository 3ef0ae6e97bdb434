import { Stack, Text } from '@mantine/core';
import { dateText, moneyText } from '../../../components';

const texto = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const dinheiro = (v: unknown): string | null => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? moneyText(v) : null);

/**
 * The key facts of a finding (its `detalhe`: what the bank says and what we have, amounts in
 * reais): the bank's state against ours, the payment the bank reports, and why it was flagged.
 */
export function DivergenciaDetalhe({ detalhe }: { detalhe: Record<string, unknown> }) {
  const banco = texto(detalhe.estado_banco);
  const aqui = texto(detalhe.situacao_aqui);
  const valorTitulo = dinheiro(detalhe.valor_titulo);
  const valorPago = dinheiro(detalhe.valor_pago);
  const dataPagamento = texto(detalhe.data_pagamento);
  const canal = texto(detalhe.canal);
  const motivo = texto(detalhe.motivo);
  return (
    <Stack gap={2}>
      {(banco || aqui) && (
        <Text size="xs">
          {banco && <>No banco: {banco}. </>}
          {aqui && <>Aqui: {aqui}.</>}
        </Text>
      )}
      {valorTitulo && <Text size="xs">Valor do título: {valorTitulo}</Text>}
      {valorPago && (
        <Text size="xs">
          Valor pago: {valorPago}
          {dataPagamento && ` em ${dateText(dataPagamento)}`}
          {canal && ` (${canal})`}
        </Text>
      )}
      {motivo && (
        <Text size="xs" c="dimmed">
          {motivo}
        </Text>
      )}
    </Stack>
  );
}
