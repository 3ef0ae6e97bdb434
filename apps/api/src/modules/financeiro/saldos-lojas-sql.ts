import { sql } from 'drizzle-orm';

/**
 * Every shop's balances with the guarantor now, summed from the ledger's monthly balances (one row
 * per account and month, decision 109) — never from the business tables: `pagar` (loja_a_pagar),
 * `receber` (loja_a_receber), `antecipacoes` (antecipacao_a_recuperar) and `repassar`, what a
 * repasse may pay (planRepasse: a pagar less what the shop owes, never below zero). Shared by
 * Repasses' list and Início's cards.
 */
export const saldosLojasCte = sql`saldos_lojas as (
  select s.empresa_id, s.pagar, s.receber, s.antecipacoes, greatest(s.pagar - s.receber, 0) as repassar
    from (select a.empresa_id,
                 coalesce(sum(m.credits_cents - m.debits_cents) filter (where a.code = 'loja_a_pagar'), 0) as pagar,
                 coalesce(sum(m.debits_cents - m.credits_cents) filter (where a.code = 'loja_a_receber'), 0) as receber,
                 coalesce(sum(m.debits_cents - m.credits_cents) filter (where a.code = 'antecipacao_a_recuperar'), 0) as antecipacoes
            from ledger_account a
            join ledger_balance_month m on m.account_id = a.id
           where a.code in ('loja_a_pagar', 'loja_a_receber', 'antecipacao_a_recuperar')
           group by a.empresa_id) s)`;
