import { Stack } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { padParcela } from '@bg/domain';
import { BoletoBancoPanel, Section } from '../../../components';
import { boletoBancoQuery } from '../../../lib/boleto-banco';
import type { BoletoRow } from '../api/garantias-api';
import { garantiaKeys } from '../api/garantia-queries';

/**
 * Análise da Garantia, when the conta works by the bank's API (issue 26): each released boleto at
 * the bank — an Acerto de Atendimento shows here as a change waiting for the bank — with what the
 * bank answered. Nothing for a conta by CNAB files.
 */
export function BoletosNoBanco({ garantiaId, boletos }: { garantiaId: number; boletos: BoletoRow[] }) {
  const liberados = boletos.filter((b) => Boolean(b.situacao));
  const estados = useQueries({ queries: liberados.map((b) => boletoBancoQuery(b.id)) });
  if (!estados.some((q) => q.data?.modo === 'API')) return null;
  return (
    <Section title="Registro no banco">
      <Stack gap="xs">
        {liberados.map((b) => (
          <BoletoBancoPanel key={b.id} boletoId={b.id} admin title={`Parcela ${padParcela(b.parcela)}`} invalidate={[garantiaKeys.detail(garantiaId)]} />
        ))}
      </Stack>
    </Section>
  );
}
