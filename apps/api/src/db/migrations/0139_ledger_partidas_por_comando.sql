-- The balance check of ledger entries once per INSERT statement instead of once per entry at
-- commit (issue 24, docs/performance.md "Applying a retorno"). Migration 0130 queued a deferred
-- row trigger per entry (ledger_entry_balanceada) and per transaction (ledger_transaction_balanceada),
-- each re-reading the whole transaction at commit: a liquidação of 7 entries was checked 8 times,
-- a retorno batch of 500 titles 4 000 times, two queries each.
--
-- What the check must keep refusing, whoever writes: a transaction that is unbalanced, incomplete,
-- has entries of another date, or is given entries after it was posted. Now:
-- - ledger_transaction_balanceada (unchanged, deferred, one per transaction) checks every
--   transaction created in the database transaction at its commit: complete, balanced, one date —
--   with all the entries it has by then, whichever statement inserted them;
-- - ledger_entry_balanceada becomes a statement trigger that refuses at once an entry added to a
--   transaction that already has its entry_count entries. A transaction posted earlier was complete
--   when it committed (its own check above, or 0133's set-based check with the triggers disabled),
--   so any entry added to it is caught here; one still open is checked at its commit anyway.
-- Same name as before, so 0133 (run again by the scale seed) still disables and re-enables it.
-- Linear in the rows of the statement (decision 105): the transition table is read once, on its
-- own; the transactions are reached by primary key from an array, their entries by index.
-- PostgreSQL 15 and PGlite (PostgreSQL 18).

CREATE FUNCTION ledger_verifica_partidas() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  transacoes bigint[];
  violada record;
BEGIN
  transacoes := ARRAY(SELECT DISTINCT n.transaction_id FROM novas n);
  SELECT t.id, t.idempotency_key, t.entry_count, k.quantidade INTO violada
    FROM ledger_transaction t
    CROSS JOIN LATERAL (SELECT count(*)::int AS quantidade FROM ledger_entry e WHERE e.transaction_id = t.id) k
   WHERE t.id = ANY (transacoes) AND k.quantidade > t.entry_count
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Lançamento % (%) desbalanceado ou incompleto: % partidas para as % que declara (partidas não se incluem num lançamento já feito).',
      violada.id, violada.idempotency_key, violada.quantidade, violada.entry_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER ledger_entry_balanceada ON ledger_entry;
CREATE TRIGGER ledger_entry_balanceada AFTER INSERT ON ledger_entry
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION ledger_verifica_partidas();
