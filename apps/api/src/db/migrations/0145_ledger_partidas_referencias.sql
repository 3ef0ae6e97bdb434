-- The references of ledger entries checked once per INSERT statement instead of once per entry
-- (issue 24, docs/performance.md "Applying a retorno", decision 112). A retorno batch inserts
-- ~3 500 entries in one statement; their three foreign keys (transaction, account, boleto) ran
-- ~10 500 row-by-row checks, 60 % of the statement (PostgreSQL 15 has no set-based RI check).
--
-- What must keep holding, whoever writes: every entry names a transaction, an account and (when
-- it has one) a boleto that exist, and none of them can disappear afterwards. Now:
-- - ledger_entry_referencias (AFTER INSERT, FOR EACH STATEMENT, transition table `novas`) reads
--   the statement's distinct ids once and refuses (foreign_key_violation, 23503) when one is
--   missing. Transactions and accounts are reached by primary key from an array; the boletos are
--   locked FOR KEY SHARE as the foreign key locked them, so a concurrent DELETE of one waits for
--   the posting's commit and then sees its entries (below);
-- - the referenced rows cannot go away: ledger_transaction is append-only (0130: no UPDATE, DELETE
--   or TRUNCATE); ledger_account gets the same for DELETE, TRUNCATE and a change of id (nothing
--   edits an account's id or deletes one); a DELETE of boletos an entry names is refused by
--   boleto_referencias_exclusao (AFTER DELETE, FOR EACH STATEMENT, with the index on
--   ledger_entry.boleto_id), and so is a change of a boleto's id.
-- A DELETE of a boleto is refused outside READ COMMITTED: only there does the trigger's query see
-- an entry committed after the deleting transaction began (a foreign key checks with a newer
-- snapshot; a trigger cannot). Nothing in the application deletes boletos.
-- Linear in the rows of the statement (decision 105). PostgreSQL 15 and PGlite (PostgreSQL 18).
-- The session_replication_role = replica bulk loads (scale seed) skip these triggers as they
-- skipped the foreign keys; the invariants (npm run ledger:check) are checked afterwards.

ALTER TABLE ledger_entry
  DROP CONSTRAINT ledger_entry_transaction_id_fkey,
  DROP CONSTRAINT ledger_entry_account_id_fkey,
  DROP CONSTRAINT ledger_entry_boleto_id_fkey;

-- Index 0135 (account_id, occurred_on, transaction_id) answers every query this one answered (the
-- Extrato, the Fechamento's month, the balances inside a month: all filter an account and a date
-- range and order by date then transaction); nothing orders an account's entries by entry id.
DROP INDEX ledger_entry_account_idx;

CREATE FUNCTION ledger_partidas_referencias() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  transacoes bigint[];
  contas integer[];
  boletos integer[];
  achados integer;
  faltando text;
BEGIN
  SELECT array_agg(DISTINCT n.transaction_id), array_agg(DISTINCT n.account_id),
         array_agg(DISTINCT n.boleto_id) FILTER (WHERE n.boleto_id IS NOT NULL)
    INTO transacoes, contas, boletos
    FROM novas n;
  IF transacoes IS NULL THEN
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM ledger_transaction t WHERE t.id = ANY (transacoes)) <> cardinality(transacoes) THEN
    SELECT string_agg(x::text, ', ') INTO faltando
      FROM unnest(transacoes) x WHERE NOT EXISTS (SELECT 1 FROM ledger_transaction t WHERE t.id = x);
    RAISE EXCEPTION 'Partida do razão numa transação que não existe (ledger_transaction %).', faltando
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF (SELECT count(*) FROM ledger_account a WHERE a.id = ANY (contas)) <> cardinality(contas) THEN
    SELECT string_agg(x::text, ', ') INTO faltando
      FROM unnest(contas) x WHERE NOT EXISTS (SELECT 1 FROM ledger_account a WHERE a.id = x);
    RAISE EXCEPTION 'Partida do razão numa conta que não existe (ledger_account %).', faltando
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF boletos IS NOT NULL THEN
    -- the lock a foreign key takes: a DELETE of one of these boletos waits for this transaction
    PERFORM 1 FROM boleto b WHERE b.id = ANY (boletos) ORDER BY b.id FOR KEY SHARE;
    GET DIAGNOSTICS achados = ROW_COUNT;
    IF achados <> cardinality(boletos) THEN
      SELECT string_agg(x::text, ', ') INTO faltando
        FROM unnest(boletos) x WHERE NOT EXISTS (SELECT 1 FROM boleto b WHERE b.id = x);
      RAISE EXCEPTION 'Partida do razão de um boleto que não existe (boleto %).', faltando
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_entry_referencias AFTER INSERT ON ledger_entry
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION ledger_partidas_referencias();

-- Accounts are never deleted nor renumbered: an entry that names one keeps naming it.
CREATE FUNCTION ledger_conta_permanente() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Contas do razão não são excluídas nem renumeradas: % em ledger_account não é permitido.', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER ledger_account_permanente BEFORE DELETE ON ledger_account
  FOR EACH ROW EXECUTE FUNCTION ledger_conta_permanente();
CREATE TRIGGER ledger_account_id_permanente BEFORE UPDATE OF id ON ledger_account
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION ledger_conta_permanente();
CREATE TRIGGER ledger_account_sem_truncate BEFORE TRUNCATE ON ledger_account
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_conta_permanente();

-- A boleto that rows name without a foreign key (ledger_entry here; remessa_item and
-- boleto_historico in 0146) is not deleted: the check a foreign key made on the referenced side.
-- The list of the referencing tables is this function's; a table joins it with its migration.
CREATE FUNCTION boleto_referencias_exclusao() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  citado integer;
BEGIN
  ids := ARRAY(SELECT v.id FROM velhos v);
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'Boletos só são excluídos em READ COMMITTED (a verificação das partidas do razão que os citam precisa ver o que outras transações gravaram).'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT e.boleto_id INTO citado FROM ledger_entry e WHERE e.boleto_id = ANY (ids) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'O boleto % tem partidas no razão e não pode ser excluído.', citado
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER boleto_referencias_exclusao AFTER DELETE ON boleto
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION boleto_referencias_exclusao();

CREATE FUNCTION boleto_id_permanente() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'O id de um boleto não muda (boleto %).', OLD.id
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER boleto_id_permanente BEFORE UPDATE OF id ON boleto
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION boleto_id_permanente();
