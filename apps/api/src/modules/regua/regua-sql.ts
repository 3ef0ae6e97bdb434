import { sql, type SQL } from 'drizzle-orm';
import { ACORDO_VIGENTE, DIVIDA_EXTINTA_SITUACOES, PAYABLE_SITUACOES, SPC_EM_CURSO, type IsoDate } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/** The rows of a raw statement. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

const lista = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Situações of a boleto the payer can still pay with its slip: the only ones the régua reminds. */
export const SITUACOES_LEMBRAVEIS = lista(PAYABLE_SITUACOES);
/** Situações that mean the debt was paid (the cure rate's "paid"): at the bank or to the shop. */
export const SITUACOES_PAGAS = lista(DIVIDA_EXTINTA_SITUACOES.filter((s) => s === 'LIQUIDADO' || s === 'ENVIADO PARA BAIXA' || s === 'BAIXADO'));
const ACORDOS_EM_ANDAMENTO = lista(ACORDO_VIGENTE);
const SPC_EM_ANDAMENTO = lista(SPC_EM_CURSO);

/**
 * Why the régua must not write about boleto `b` (of guarantee `g`, person `p`) under régua `rg`
 * now, or NULL: the stop conditions (decision 115), in one CASE the plan, the preview and the
 * re-check just before sending share. Paid / written off is not optional; the rest follow the
 * régua's flags (a régua removed since the plan: all on).
 */
export const motivoParada = sql`case
    when b.situacao is null or b.situacao not in (${SITUACOES_LEMBRAVEIS}) then 'pago_ou_baixado'
    when b.nosso_numero is null then 'sem_linha_digitavel'
    when exists (select 1 from acordo_boleto ab where ab.boleto_id = b.id and ab.vigente) then 'em_acordo'
    when coalesce(rg.parar_acordo, true) and exists (select 1 from acordo a where a.pessoa_id = g.pessoa_id and a.status in (${ACORDOS_EM_ANDAMENTO})) then 'acordo_em_andamento'
    when coalesce(rg.parar_spc, true) and exists (select 1 from spc_inclusao s where s.cpf_cnpj = p.cpf_cnpj and s.status in (${SPC_EM_ANDAMENTO})) then 'spc'
    when coalesce(rg.parar_contestado, true) and exists (select 1 from boleto_contestacao c where c.boleto_id = b.id and c.encerrada_em is null) then 'contestado'
    when exists (select 1 from conta_cobranca cc where cc.id = b.conta_cobranca_id and cc.modo = 'API')
      and not exists (select 1 from banco_registro br where br.boleto_id = b.id and br.estado = 'REGISTRADO') then 'aguardando_banco'
    else null end`;

/**
 * The régua's candidates for day `dia`: every active step of the régua each boleto follows (its
 * shop's own when the shop has one, else the default) whose day falls on `dia` — the boleto due
 * `dia − dias` —, with no stop condition. Set-based: one join per step on boleto's vencimento
 * index, never a walk over every boleto. Columns: boleto_id, pessoa_id, empresa_id, regua_id,
 * dias, canal, template, vencimento.
 */
export function candidatos(dia: IsoDate, extra: SQL = sql`true`): SQL {
  return sql`
    select b.id as boleto_id, g.pessoa_id, b.empresa_id, rg.id as regua_id, e.dias, e.canal, e.template, b.vencimento
    from regua_etapa e
    join regua rg on rg.id = e.regua_id
    join boleto b on b.vencimento = ${dia}::date - e.dias
      and (rg.empresa_id = b.empresa_id or (rg.empresa_id is null and not exists (select 1 from regua r2 where r2.empresa_id = b.empresa_id)))
    join garantia g on g.id = b.garantia_id
    join pessoa p on p.id = g.pessoa_id
    where e.ativo and b.situacao in (${SITUACOES_LEMBRAVEIS}) and (${motivoParada}) is null and ${extra}`;
}
