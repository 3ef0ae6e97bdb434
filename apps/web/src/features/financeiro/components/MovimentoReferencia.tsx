import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatProtocol } from '@bg/domain';
import type { ExtratoMovimento } from '../api/financeiro';

/**
 * Where a movement came from, as a link when the user may open it: the boleto's guarantee (its
 * boletos), the advances, the acordos (administradores only: Cobrança is theirs); a repasse is
 * named (its bank reference is in the description).
 */
export function MovimentoReferencia({ m, admin }: { m: ExtratoMovimento; admin: boolean }) {
  if (m.boleto) {
    return (
      <Anchor component={Link} to={`/operacao/garantias/impressao/detalhe/${m.boleto.garantia_id}`} size="sm">
        Garantia {formatProtocol(m.boleto.garantia_id, m.boleto.garantia_digito)}, parcela {m.boleto.parcela}
      </Anchor>
    );
  }
  if (m.antecipacao_id) {
    return (
      <Anchor component={Link} to="/operacao/antecipacoes" size="sm">
        Antecipação nº {m.antecipacao_id}
      </Anchor>
    );
  }
  if (m.acordo_id) {
    return admin ? (
      <Anchor component={Link} to="/cobranca/acordos" size="sm">
        Acordo nº {m.acordo_id}
      </Anchor>
    ) : (
      <Text size="sm">Acordo nº {m.acordo_id}</Text>
    );
  }
  if (m.repasse_id) return <Text size="sm">Repasse nº {m.repasse_id}</Text>;
  return null;
}
