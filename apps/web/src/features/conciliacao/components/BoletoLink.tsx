import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatProtocol, padParcela } from '@bg/domain';
import { boletoResumoQuery } from '../api/conciliacao-queries';

/** A finding's boleto as its guarantee's protocol and instalment, linking to Boletos da Garantia (where its bank panel is). */
export function BoletoLink({ boletoId }: { boletoId: number | null }) {
  const query = useQuery({ ...boletoResumoQuery(boletoId ?? 0), enabled: boletoId !== null });
  if (boletoId === null) return <Text size="sm" c="dimmed">Sem boleto aqui</Text>;
  const b = query.data;
  if (!b) return <Text size="sm">Boleto {boletoId}</Text>;
  return (
    <Anchor component={Link} to={`/operacao/garantias/impressao/detalhe/${b.garantia_id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatProtocol(b.garantia_id, b.garantia_digito)} ({padParcela(b.parcela)})
    </Anchor>
  );
}
