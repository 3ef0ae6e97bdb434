-- The report accounts of every shop summed per code and month (issue 24, docs/performance.md
-- "Reports at 1 M boletos"). Faturamento's twelve-month chart and its subtotal read these few rows
-- (nine codes × months) instead of every shop's monthly balance (500 shops × nine accounts × twelve
-- months at 1 M boletos: 40–240 ms on PGlite, the report's whole budget).
--
-- Kept by a statement trigger on ledger_balance_month itself, so every writer of the monthly
-- balances keeps it: the postings' trigger (ledger_saldos_mensais) and the backfill's set-based
-- INSERT (migration 0133, which the scale seed runs again under session_replication_role =
-- replica — hence ENABLE ALWAYS). As decision 105 asks, the transition tables are aggregated on
-- their own (new minus old, by UNION ALL, never joined to each other) and reach ledger_account by
-- primary key.
--
-- Only the codes the reports read (modules/ledger/relatorio-saldos.ts RELATORIO_CONTAS) of shop
-- accounts (empresa_id set): a row per code and month is shared by every shop, so a posting to one
-- of these codes holds that row until it commits, as every bank payment already holds the bank
-- account's monthly row. A new report code needs a migration adding it here and to the backfill
-- below; `npm run ledger:check` compares this table with the monthly balances.
CREATE TABLE ledger_balance_month_lojas (
  code varchar(40) NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  debits_cents bigint NOT NULL DEFAULT 0,
  credits_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (code, month)
);

CREATE FUNCTION ledger_saldos_lojas_codigos() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['cobranca_liquidada','receita_encargos','despesa_desconto','memo_recebido_loja','receita_consulta',
               'receita_mensalidade','receita_antecipacao_prorata','receita_antecipacao_taxa','receita_antecipacao_taxa_basica']::text[]
$$;

CREATE FUNCTION ledger_saldos_lojas() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_balance_month_lojas AS l (code, month, debits_cents, credits_cents)
      SELECT a.code, d.month, sum(d.debits_cents), sum(d.credits_cents)
        FROM (SELECT n.account_id, n.month, n.debits_cents, n.credits_cents FROM novas n) d
        JOIN ledger_account a ON a.id = d.account_id
       WHERE a.empresa_id IS NOT NULL AND a.code = ANY (ledger_saldos_lojas_codigos())
       GROUP BY 1, 2
       ORDER BY 1, 2
    ON CONFLICT (code, month) DO UPDATE
      SET debits_cents = l.debits_cents + EXCLUDED.debits_cents, credits_cents = l.credits_cents + EXCLUDED.credits_cents;
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ledger_balance_month_lojas;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO ledger_balance_month_lojas AS l (code, month, debits_cents, credits_cents)
      SELECT a.code, d.month, -sum(d.debits_cents), -sum(d.credits_cents)
        FROM (SELECT o.account_id, o.month, o.debits_cents, o.credits_cents FROM antigas o) d
        JOIN ledger_account a ON a.id = d.account_id
       WHERE a.empresa_id IS NOT NULL AND a.code = ANY (ledger_saldos_lojas_codigos())
       GROUP BY 1, 2
       ORDER BY 1, 2
    ON CONFLICT (code, month) DO UPDATE
      SET debits_cents = l.debits_cents + EXCLUDED.debits_cents, credits_cents = l.credits_cents + EXCLUDED.credits_cents;
  ELSE
    INSERT INTO ledger_balance_month_lojas AS l (code, month, debits_cents, credits_cents)
      SELECT a.code, d.month, sum(d.debits_cents), sum(d.credits_cents)
        FROM (SELECT n.account_id, n.month, sum(n.debits_cents) AS debits_cents, sum(n.credits_cents) AS credits_cents
                FROM (SELECT account_id, month, debits_cents, credits_cents FROM novas
                      UNION ALL
                      SELECT account_id, month, -debits_cents, -credits_cents FROM antigas) n
               GROUP BY 1, 2) d
        JOIN ledger_account a ON a.id = d.account_id
       WHERE a.empresa_id IS NOT NULL AND a.code = ANY (ledger_saldos_lojas_codigos())
       GROUP BY 1, 2
       ORDER BY 1, 2
    ON CONFLICT (code, month) DO UPDATE
      SET debits_cents = l.debits_cents + EXCLUDED.debits_cents, credits_cents = l.credits_cents + EXCLUDED.credits_cents;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_balance_month_lojas_ins AFTER INSERT ON ledger_balance_month
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION ledger_saldos_lojas();
CREATE TRIGGER ledger_balance_month_lojas_upd AFTER UPDATE ON ledger_balance_month
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION ledger_saldos_lojas();
-- the monthly balances are never deleted by the app; a test or an operator that empties them empties this too
CREATE TRIGGER ledger_balance_month_lojas_del AFTER DELETE ON ledger_balance_month
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION ledger_saldos_lojas();
CREATE TRIGGER ledger_balance_month_lojas_trunc AFTER TRUNCATE ON ledger_balance_month
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_saldos_lojas();
ALTER TABLE ledger_balance_month ENABLE ALWAYS TRIGGER ledger_balance_month_lojas_ins;
ALTER TABLE ledger_balance_month ENABLE ALWAYS TRIGGER ledger_balance_month_lojas_upd;
ALTER TABLE ledger_balance_month ENABLE ALWAYS TRIGGER ledger_balance_month_lojas_del;
ALTER TABLE ledger_balance_month ENABLE ALWAYS TRIGGER ledger_balance_month_lojas_trunc;

-- What exists already, from the monthly balances.
INSERT INTO ledger_balance_month_lojas (code, month, debits_cents, credits_cents)
  SELECT a.code, m.month, sum(m.debits_cents), sum(m.credits_cents)
    FROM ledger_balance_month m
    JOIN ledger_account a ON a.id = m.account_id
   WHERE a.empresa_id IS NOT NULL AND a.code = ANY (ledger_saldos_lojas_codigos())
   GROUP BY 1, 2;
