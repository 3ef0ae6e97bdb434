import { Stack, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { padParcela } from '@bg/domain';
import { BoletoBancoPanel } from '../../../components';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { boletoBancoQuery } from '../../../lib/boleto-banco';
import type { ParcelaImpressao } from '../api/impressao';
import { impressaoKeys } from '../api/impressao-queries';

/**
 * Boletos da Garantia, when the conta works by the bank's API (issue 26): each released
 * instalment at the bank — a slip prints only once the bank confirmed it, so this is where the
 * operator sees why "Gerar Boleto" answers "Aguardando registro no banco" and when that ends. Nothing
 * shows for a conta by CNAB files (the registration goes in the remessa).
 */
export function ParcelasNoBanco({ garantiaId, parcelas }: { garantiaId: number; parcelas: ParcelaImpressao[] }) {
  const admin = isAdmin(useCurrentUser());
  // a boleto not released yet was never sent: nothing to ask the bank about
  const liberadas = parcelas.filter((p) => Boolean(p.situacao));
  const estados = useQueries({ queries: liberadas.map((p) => boletoBancoQuery(p.id)) });
  if (!estados.some((q) => q.data?.modo === 'API')) return null;
  return (
    <Stack gap="xs">
      <Title order={5}>Registro no banco</Title>
      {liberadas.map((p) => (
        <BoletoBancoPanel
          key={p.id}
          boletoId={p.id}
          admin={admin}
          title={`Parcela ${padParcela(p.parcela)}`}
          // a payment the bank confirms changes the instalment's situação in the table above
          invalidate={[impressaoKeys.detail(garantiaId)]}
        />
      ))}
    </Stack>
  );
}
