import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emitirEvento } from './emitir-evento.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * `acordo.criado` / `acordo.pago` / `acordo.cancelado` (decision 118). An acordo is the debtor's and
 * may replace boletos of several shops: each shop with an endpoint that receives the event gets one,
 * with the acordo's figures and its own boletos only (the resource carries no other shop's data).
 * Read in the caller's transaction, after its change.
 */
export async function emitirEventoAcordo(tx: DbOrTx, acordoId: number, tipo: 'acordo.criado' | 'acordo.pago' | 'acordo.cancelado'): Promise<void> {
  const lojas = rowsOf<{ empresa_id: number; acordo: Record<string, unknown> }>(
    await tx.execute(sql`
      select b.empresa_id,
             jsonb_build_object(
               'id', a.id, 'status', a.status, 'valor', a.valor, 'desconto', a.desconto, 'valor_entrada', a.valor_entrada,
               'numero_parcelas', a.numero_parcelas, 'ultimo_vencimento', a.ultimo_vencimento, 'criado_em', a.created_at,
               'quitado_em', a.quitado_em, 'cancelado_em', a.data_cancelamento,
               'boletos', jsonb_agg(jsonb_build_object('id', b.id, 'garantia_id', b.garantia_id, 'parcela', b.parcela, 'valor', ab.valor, 'vencimento', ab.vencimento) order by b.id)
             ) as acordo
        from acordo a
        join acordo_boleto ab on ab.acordo_id = a.id
        join boleto b on b.id = ab.boleto_id
       where a.id = ${acordoId}
         and exists (select 1 from integracao_webhook w where w.empresa_id = b.empresa_id and w.removido_em is null
                        and (w.eventos @> array['*'] or ${tipo} = any(w.eventos)))
       group by b.empresa_id, a.id
       order by b.empresa_id`),
  );
  for (const l of lojas) await emitirEvento(tx, 'acordo', { tipo, recursoId: acordoId, empresaId: l.empresa_id, dados: { acordo: l.acordo } });
}

/** `antecipacao.aprovada`: the advance's figures and boletos, for its shop. */
export async function emitirEventoAntecipacao(tx: DbOrTx, antecipacaoId: number, tipo: 'antecipacao.aprovada'): Promise<void> {
  const [row] = rowsOf<{ empresa_id: number; antecipacao: Record<string, unknown> }>(
    await tx.execute(sql`
      select a.empresa_id,
             jsonb_build_object(
               'id', a.id, 'situacao', a.situacao, 'qtd_boletos', a.qtd_boletos, 'total_boletos', a.total_boletos,
               'total_antecipacao', a.total_antecipacao, 'total_taxa_antecipacao', a.total_taxa_antecipacao, 'total_prorata', a.total_prorata,
               'taxa_basica', a.taxa_basica, 'data_simulacao', a.data_simulacao,
               'boletos', coalesce((select jsonb_agg(ab.boleto_id order by ab.boleto_id) from antecipacao_boleto ab where ab.antecipacao_id = a.id), '[]'::jsonb)
             ) as antecipacao
        from antecipacao a
       where a.id = ${antecipacaoId}
         and exists (select 1 from integracao_webhook w where w.empresa_id = a.empresa_id and w.removido_em is null
                        and (w.eventos @> array['*'] or ${tipo} = any(w.eventos)))`),
  );
  if (row) await emitirEvento(tx, 'antecipacao', { tipo, recursoId: antecipacaoId, empresaId: row.empresa_id, dados: { antecipacao: row.antecipacao } });
}
