import { sql } from 'drizzle-orm';
import { dayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import { jobKind, type JobContext } from '../../../jobs/index.js';
import { SP, sqlGarantidas, sqlNaCarteira, sqlSaida } from './risco-sql.js';

/**
 * The portfolio-risk position (docs/risco.md "Como a posição é mantida"): every 15 minutes
 * (jobs/catalogue.ts) and on demand (POST /api/risco/atualizar). Idempotent; one run at a time.
 */
export const riscoAtualizarJob = jobKind('risco.atualizar');
/** The complete run: nightly and from the screen's "Recalcular agora". */
export const riscoAtualizarCompletaJob = jobKind('risco.atualizar-completa');

export type AtualizacaoRisco = { data_referencia: string; meses_novos: number; exposicoes: number; duracao_ms: number };

/**
 * Computes, in one transaction (readers see the previous position until it commits):
 * 1. the position now — risco_exposicao per shop and document, its sums per document, per shop and
 *    in total (risco_exposicao_documento, _loja, _total), risco_aging_atual per bucket — from
 *    the boletos' current situação (rewritten whole);
 * 2. the month-end position of every closed month not computed yet (risco_posicao_mensal) and
 *    its aggregates: risco_mes (over-30/over-90), risco_vintage (per safra), risco_rolagem;
 * 3. risco_safra: each safra's approved value and first-payment default (rewritten whole: the
 *    window of a first instalment may close any day).
 * `hoje` is the São Paulo day of reference (the clock's, in the job).
 */
export async function atualizarRisco(db: DbOrTx, hoje: string, agora: Date = new Date(), opts: { completa?: boolean } = { completa: true }): Promise<AtualizacaoRisco> {
  const inicio = Date.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    // one run at a time even when called outside the queue (tests, the scale seed)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risco.atualizar'))`);

    // 1. now
    await tx.execute(sql`delete from risco_exposicao`);
    const exp = await tx.execute(sql`
      insert into risco_exposicao (empresa_id, pessoa_id, boletos, valor_garantido, valor_vencido, valor_honrado, valor_pendente)
      select b.empresa_id, g.pessoa_id, (count(*) filter (where b.situacao is not null))::int,
             coalesce(sum(b.valor) filter (where b.situacao in (${sqlGarantidas})), 0),
             coalesce(sum(b.valor) filter (where b.situacao in (${sqlGarantidas}) and b.vencimento < ${hoje}::date), 0),
             coalesce(sum(b.valor) filter (where b.situacao = 'QUITADO'), 0),
             coalesce(sum(b.valor) filter (where b.situacao is null), 0)
        from boleto b
        join garantia g on g.id = b.garantia_id
       where b.situacao in (${sqlNaCarteira})
          or (b.situacao is null and g.status in ('PENDENTE', 'APROVADO'))
       group by b.empresa_id, g.pessoa_id`);
    await tx.execute(sql`delete from risco_exposicao_documento`);
    await tx.execute(sql`
      insert into risco_exposicao_documento (pessoa_id, lojas, boletos, valor_garantido, valor_vencido, valor_honrado, valor_pendente)
      select pessoa_id, (count(*) filter (where valor_garantido > 0))::int, sum(boletos)::int, sum(valor_garantido),
             sum(valor_vencido), sum(valor_honrado), sum(valor_pendente)
        from risco_exposicao group by pessoa_id`);
    // the sums the exposure screen shows, made once here instead of on every call (migration 0182)
    await tx.execute(sql`delete from risco_exposicao_loja`);
    await tx.execute(sql`
      insert into risco_exposicao_loja (empresa_id, documentos, boletos, valor_garantido, valor_vencido, valor_honrado, valor_pendente)
      select empresa_id, (count(*) filter (where valor_garantido > 0))::int, sum(boletos)::int, sum(valor_garantido),
             sum(valor_vencido), sum(valor_honrado), sum(valor_pendente)
        from risco_exposicao group by empresa_id`);
    await tx.execute(sql`delete from risco_exposicao_total`);
    await tx.execute(sql`
      insert into risco_exposicao_total (id, lojas, documentos, boletos, valor_garantido, valor_vencido, valor_honrado, valor_pendente)
      select 1, (select count(*) from risco_exposicao_loja where valor_garantido > 0)::int,
             (select count(*) from risco_exposicao_documento where valor_garantido > 0)::int,
             coalesce(sum(boletos), 0)::int, coalesce(sum(valor_garantido), 0), coalesce(sum(valor_vencido), 0),
             coalesce(sum(valor_honrado), 0), coalesce(sum(valor_pendente), 0)
        from risco_exposicao_loja`);
    await tx.execute(sql`delete from risco_aging_atual`);
    await tx.execute(sql`
      insert into risco_aging_atual (faixa, boletos, valor)
      select risco_faixa(${hoje}::date - b.vencimento), count(*)::int, sum(b.valor)
        from boleto b
       where b.situacao in (${sqlNaCarteira})
       group by 1`);

    if (!opts.completa) {
      const duracao = Date.now() - inicio;
      await tx.execute(sql`
        insert into risco_atualizacao (id, posicao_em, data_referencia, duracao_ms) values (1, ${agora}, ${hoje}::date, ${duracao})
        on conflict (id) do update set posicao_em = excluded.posicao_em, data_referencia = excluded.data_referencia, duracao_ms = excluded.duracao_ms`);
      return { data_referencia: hoje, meses_novos: 0, exposicoes: (exp as { rowCount?: number }).rowCount ?? 0, duracao_ms: duracao };
    }

    // the boletos that were ever on the book, with their safra and the day they left it
    await tx.execute(sql`
      create temp table risco_base on commit drop as
      select b.id as boleto_id, b.garantia_id, b.empresa_id, b.parcela, b.valor, b.vencimento,
             date_trunc('month', g.decidido_em at time zone ${SP})::date as safra,
             (g.decidido_em at time zone ${SP})::date as aprovado_em,
             coalesce(s.saiu_em, case when b.situacao in (${sqlSaida}) then (b.updated_at at time zone ${SP})::date end) as saiu_em
        from boleto b
        join garantia g on g.id = b.garantia_id
        left join (
          select h.boleto_id, min(h.created_at at time zone ${SP})::date as saiu_em
            from boleto_historico h
           where h.para in (${sqlSaida})
           group by h.boleto_id
        ) s on s.boleto_id = b.id
       where g.decidido_em is not null
         and g.status <> 'NÃO AUTORIZADO'
         and b.situacao is not null
         and b.situacao <> 'CANCELADO'`);

    // 2. closed months not yet computed: from the first safra to last month
    await tx.execute(sql`
      create temp table risco_meses_novos on commit drop as
      select m::date as mes, (m + interval '1 month' - interval '1 day')::date as fim
        from generate_series((select min(safra) from risco_base),
                             date_trunc('month', ${hoje}::date) - interval '1 month', interval '1 month') m
       where not exists (select 1 from risco_mes r where r.mes = m::date)`);
    await tx.execute(sql`
      insert into risco_posicao_mensal (mes, boleto_id, safra, empresa_id, valor, dias_atraso)
      select m.mes, r.boleto_id, r.safra, r.empresa_id, r.valor, greatest(0, m.fim - r.vencimento)
        from risco_meses_novos m
        join risco_base r on r.aprovado_em <= m.fim and (r.saiu_em is null or r.saiu_em > m.fim)`);
    await tx.execute(sql`
      insert into risco_mes (mes, boletos, valor, valor_30, valor_90, calculado_em)
      select m.mes, count(p.boleto_id)::int, coalesce(sum(p.valor), 0),
             coalesce(sum(p.valor) filter (where p.dias_atraso > 30), 0),
             coalesce(sum(p.valor) filter (where p.dias_atraso > 90), 0), ${agora}
        from risco_meses_novos m
        left join risco_posicao_mensal p on p.mes = m.mes
       group by m.mes`);
    await tx.execute(sql`
      insert into risco_vintage (safra, mes, valor_30, valor_90)
      select p.safra, p.mes,
             coalesce(sum(p.valor) filter (where p.dias_atraso > 30), 0),
             coalesce(sum(p.valor) filter (where p.dias_atraso > 90), 0)
        from risco_posicao_mensal p
       where p.mes in (select mes from risco_meses_novos)
       group by p.safra, p.mes`);
    await tx.execute(sql`
      insert into risco_rolagem (mes, de, para, boletos, valor)
      select m.mes, risco_faixa(a.dias_atraso), case when d.boleto_id is null then 'PG' else risco_faixa(d.dias_atraso) end, count(*)::int, sum(a.valor)
        from risco_meses_novos m
        join risco_posicao_mensal a on a.mes = (m.mes - interval '1 month')::date
        left join risco_posicao_mensal d on d.mes = m.mes and d.boleto_id = a.boleto_id
       group by 1, 2, 3`);
    const { rows: contagem } = (await tx.execute(sql`select count(*)::int as n from risco_meses_novos`)) as { rows: { n: number }[] };

    // 3. safras and first-payment default (the first instalment unpaid 30 days after its due date)
    await tx.execute(sql`delete from risco_safra`);
    await tx.execute(sql`
      insert into risco_safra (safra, garantias, valor, garantias_maduras, garantias_fpd, valor_primeira_madura, valor_primeira_fpd)
      select safra, count(distinct garantia_id)::int, sum(valor),
             count(*) filter (where primeira and madura)::int,
             count(*) filter (where primeira and madura and fpd)::int,
             coalesce(sum(valor) filter (where primeira and madura), 0),
             coalesce(sum(valor) filter (where primeira and madura and fpd), 0)
        from (
          select r.*,
                 r.parcela = min(r.parcela) over (partition by r.garantia_id) as primeira,
                 r.vencimento + 30 < ${hoje}::date as madura,
                 (r.saiu_em is null or r.saiu_em > r.vencimento + 30) as fpd
            from risco_base r
        ) x
       group by safra`);

    // 4. losses and recoveries per shop and month, from the debtors' ledger accounts
    await tx.execute(sql`delete from risco_perda_mensal`);
    await tx.execute(sql`
      insert into risco_perda_mensal (mes, empresa_id, honrado, recuperado, perda)
      select date_trunc('month', e.occurred_on)::date, b.empresa_id,
             coalesce(sum(case when e.side = 'debit' then e.amount_cents else -e.amount_cents end)
                      filter (where coalesce(r.kind, t.kind) = 'honra'), 0) / 100.0,
             coalesce(sum(case when e.side = 'credit' then e.amount_cents else -e.amount_cents end)
                      filter (where coalesce(r.kind, t.kind) not in ('honra', 'perda')), 0) / 100.0,
             coalesce(sum(case when e.side = 'credit' then e.amount_cents else -e.amount_cents end)
                      filter (where coalesce(r.kind, t.kind) = 'perda'), 0) / 100.0
        from ledger_account a
        join ledger_entry e on e.account_id = a.id
        join ledger_transaction t on t.id = e.transaction_id
        left join ledger_transaction r on r.id = t.reverses_id
        join boleto b on b.id = e.boleto_id
       where a.code = 'devedor_a_recuperar'
       group by 1, 2`);

    const duracao = Date.now() - inicio;
    await tx.execute(sql`
      insert into risco_atualizacao (id, posicao_em, data_referencia, duracao_ms, completa_em) values (1, ${agora}, ${hoje}::date, ${duracao}, ${agora})
      on conflict (id) do update set posicao_em = excluded.posicao_em, data_referencia = excluded.data_referencia, duracao_ms = excluded.duracao_ms, completa_em = excluded.completa_em`);
    return { data_referencia: hoje, meses_novos: contagem[0]?.n ?? 0, exposicoes: (exp as { rowCount?: number }).rowCount ?? 0, duracao_ms: duracao };
  });
}

/** The jobs' handler: today in São Paulo by the app's clock. */
export async function runAtualizarRisco(ctx: JobContext, completa: boolean): Promise<AtualizacaoRisco> {
  const agora = ctx.clock.now();
  const r = await atualizarRisco(ctx.db, dayInSaoPaulo(agora), agora, { completa });
  ctx.log.info(r, 'Risco da carteira: posição atualizada');
  return r;
}
