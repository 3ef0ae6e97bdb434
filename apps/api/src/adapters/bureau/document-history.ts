import { sql } from 'drizzle-orm';
import { OPEN_SITUACOES, SITUACAO, toCents, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';

/**
 * Everything our own data says about a document, in one SQL round trip: the raw material of the
 * local bureau and of the lookup rules. Money in centavos.
 */
export type DocumentHistory = {
  suspeito_motivo: string | null;
  spc_ativas: number;
  vencidos_abertos: number;
  vencidos_abertos_cents: number;
  max_dias_atraso: number;
  abertos_em_dia: number;
  pagos: number;
  quitados_garantidor: number;
  garantias_aprovadas: number;
  garantias_negadas: number;
  garantias_canceladas: number;
  garantias_pendentes: number;
  primeira_garantia: string | null;
};

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export async function documentHistory(db: DbOrTx, documento: string, today = todayInSaoPaulo()): Promise<DocumentHistory> {
  const paid = [SITUACAO.LIQUIDADO, SITUACAO.BAIXADO, SITUACAO.ENVIADO_BAIXA];
  const result = await db.execute(sql`
    with b as (
      select bo.valor, bo.vencimento, bo.situacao
        from boleto bo join garantia g on g.id = bo.garantia_id join pessoa p on p.id = g.pessoa_id
       where p.cpf_cnpj = ${documento}
    ), g as (
      select g.status, g.data from garantia g join pessoa p on p.id = g.pessoa_id where p.cpf_cnpj = ${documento}
    )
    select
      (select motivo from cpf_suspeito where cpf_cnpj = ${documento}) as suspeito_motivo,
      (select count(*)::int from spc_inclusao where cpf_cnpj = ${documento} and status = 'ATIVA') as spc_ativas,
      (select count(*)::int from b where situacao in (${list(OPEN_SITUACOES)}) and vencimento < ${today}::date) as vencidos_abertos,
      (select coalesce(sum(valor), 0)::text from b where situacao in (${list(OPEN_SITUACOES)}) and vencimento < ${today}::date) as vencidos_abertos_valor,
      (select coalesce(max(${today}::date - vencimento), 0)::int from b where situacao in (${list(OPEN_SITUACOES)}) and vencimento < ${today}::date) as max_dias_atraso,
      (select count(*)::int from b where situacao in (${list(OPEN_SITUACOES)}) and situacao <> ${SITUACAO.QUITADO} and vencimento >= ${today}::date) as abertos_em_dia,
      (select count(*)::int from b where situacao in (${list(paid)})) as pagos,
      (select count(*)::int from b where situacao = ${SITUACAO.QUITADO}) as quitados_garantidor,
      (select count(*)::int from g where status = 'APROVADO') as garantias_aprovadas,
      (select count(*)::int from g where status = 'NÃO AUTORIZADO') as garantias_negadas,
      (select count(*)::int from g where status = 'CANCELADO') as garantias_canceladas,
      (select count(*)::int from g where status = 'PENDENTE') as garantias_pendentes,
      (select to_char(min(data at time zone 'America/Sao_Paulo'), 'YYYY-MM-DD') from g) as primeira_garantia
  `);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0];
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    suspeito_motivo: (row.suspeito_motivo as string | null) ?? null,
    spc_ativas: n('spc_ativas'),
    vencidos_abertos: n('vencidos_abertos'),
    vencidos_abertos_cents: toCents(String(row.vencidos_abertos_valor ?? '0')),
    max_dias_atraso: n('max_dias_atraso'),
    abertos_em_dia: n('abertos_em_dia'),
    pagos: n('pagos'),
    quitados_garantidor: n('quitados_garantidor'),
    garantias_aprovadas: n('garantias_aprovadas'),
    garantias_negadas: n('garantias_negadas'),
    garantias_canceladas: n('garantias_canceladas'),
    garantias_pendentes: n('garantias_pendentes'),
    primeira_garantia: (row.primeira_garantia as string | null) ?? null,
  };
}
