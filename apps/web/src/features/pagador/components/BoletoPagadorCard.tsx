import { Anchor, Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateText, MoneyText } from '../../../components';
import type { PagadorBoleto } from '../api/pagador';

function Campo({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </Stack>
  );
}

/** One open boleto: shop, instalment, due date, value (updated when overdue), the PDF, the linha and the Pix code. */
export function BoletoPagadorCard({ boleto: b }: { boleto: PagadorBoleto }) {
  const vencido = b.dias_atraso > 0;
  return (
    <Paper withBorder p="md" component="article" aria-label={`Boleto ${b.loja} parcela ${b.parcela} de ${b.qtd_parcelas}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{b.loja}</Title>
          {vencido ? <Badge color="red">{`Vencido há ${b.dias_atraso} ${b.dias_atraso === 1 ? 'dia' : 'dias'}`}</Badge> : <Badge color="teal">Em aberto</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Campo label="Parcela">{`${b.parcela}/${b.qtd_parcelas}`}</Campo>
          <Campo label="Vencimento">
            <DateText value={b.vencimento} />
          </Campo>
          <Campo label="Valor">
            <MoneyText value={b.valor} />
          </Campo>
          <Campo label={vencido ? 'Valor atualizado (hoje)' : 'Valor a pagar'}>
            <MoneyText value={b.valor_atualizado} />
          </Campo>
        </SimpleGrid>
        {vencido && (
          <Text size="xs" c="dimmed">
            Valor atualizado com multa de 2% e juros de 0,33% ao dia, como nas instruções do boleto.
          </Text>
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Linha digitável
          </Text>
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} aria-label="Linha digitável">
            {b.linha_digitavel}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component="a" href={b.pdf_url} target="_blank" rel="noopener" variant="filled">
            Baixar boleto (PDF)
          </Button>
          <CopyButton value={b.linha_digitavel.replace(/\D/g, '')}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? 'Linha digitável copiada' : 'Copiar linha digitável'}
              </Button>
            )}
          </CopyButton>
          {b.pix && (
            <CopyButton value={b.pix}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? 'Código Pix copiado' : 'Copiar Pix copia e cola'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {b.pix && (
          <Text size="xs" c="dimmed">
            Pix copia e cola: pague pelo aplicativo do seu banco em “Pix copia e cola”. <Anchor href={b.pdf_url} target="_blank" rel="noopener" size="xs">O QR Code está no PDF.</Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
