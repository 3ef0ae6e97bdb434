import { sql } from 'drizzle-orm';
import { addDays, instanteEmSaoPaulo, type IsoDate, type ReguaCanal } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';
import { REGUA_SO_ADMIN } from './get-regua.js';
import { rowsOf, SITUACOES_PAGAS } from './regua-sql.js';

/** A message "cured" its boleto when the boleto was paid within this many days of it. */
export const CURA_DIAS = 3;
const MAX_PERIODO_DIAS = 366;

/**
 * GET /api/regua/eficacia (administrador): the cure rate per step — of the messages the régua sent
 * in the period (by the São Paulo day they went), the share whose boleto moved to a paid situação
 * (LIQUIDADO, ENVIADO PARA BAIXA, BAIXADO: paid at the bank or to the shop) within 3 days after the
 * message (boleto_historico, the time the payment was recorded). One grouped query.
 */
export async function eficaciaRegua(db: DbOrTx, actor: Actor, q: { de: IsoDate; ate: IsoDate; empresa_id?: number }) {
  assertAdmin(actor, REGUA_SO_ADMIN);
  if (q.ate < q.de) throw invalid({ ate: 'A data final deve ser igual ou posterior à inicial.' });
  if (q.ate > addDays(q.de, MAX_PERIODO_DIAS)) throw invalid({ ate: 'Escolha um período de até um ano.' });
  const inicio = instanteEmSaoPaulo(q.de, 0).toISOString();
  const fim = instanteEmSaoPaulo(addDays(q.ate, 1), 0).toISOString();
  const rows = await rowsOf<{ dias: number; canal: ReguaCanal; enviadas: string | number; pagas: string | number }>(
    db,
    sql`select ev.dias, ev.canal, count(*) as enviadas,
          count(*) filter (where exists (
            select 1 from boleto_historico h
            where h.boleto_id = ev.boleto_id and h.para in (${SITUACOES_PAGAS})
              and h.created_at >= ev.enfileirado_em and h.created_at < ev.enfileirado_em + make_interval(days => ${CURA_DIAS}))) as pagas
        from regua_envio ev
        where ev.status = 'ENFILEIRADO' and ev.enfileirado_em >= ${inicio}::timestamptz and ev.enfileirado_em < ${fim}::timestamptz
          and ${q.empresa_id ? sql`ev.empresa_id = ${q.empresa_id}` : sql`true`}
        group by ev.dias, ev.canal
        order by ev.dias, ev.canal`,
  );
  return rows.map((r) => {
    const enviadas = Number(r.enviadas);
    const pagas = Number(r.pagas);
    return { dias: Number(r.dias), canal: r.canal, enviadas, pagas_em_3_dias: pagas, taxa: enviadas ? Math.round((pagas * 1000) / enviadas) / 10 : null };
  });
}
