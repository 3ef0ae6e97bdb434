-- The references of remessa_item and boleto_historico checked once per INSERT statement instead of
-- once per row (issue 24, docs/performance.md "Gerar Remessa", decision 112). Gerar Remessa of
-- 100 k boletos inserts 100 k items and 100 k history rows in one statement; their four foreign
-- keys ran 400 k row-by-row checks (~3 s of the claim on this machine).
--
-- The same mechanism as 0145 for ledger_entry:
-- - remessa_item_referencias / boleto_historico_referencias (AFTER INSERT, FOR EACH STATEMENT)
--   lock the statement's distinct remessas, boletos and usuarios FOR KEY SHARE, as the foreign
--   keys locked them, and refuse (foreign_key_violation, 23503) when one is missing;
-- - the referenced side: a DELETE of a boleto, a remessa or a usuario that such rows name is
--   refused by referencias_exclusao (AFTER DELETE, FOR EACH STATEMENT; the tables and columns
--   that name each are the trigger's arguments), and so is a change of their id. Outside READ
--   COMMITTED such a DELETE is refused outright (0145 says why). Nothing in the application
--   deletes boletos, remessas or usuarios; remessa-fora.ts deletes items and history rows, which
--   needs no check.
-- boleto_historico has no index on usuario_id: deleting a usuario reads the whole table once.
-- Linear in the rows of the statement (decision 105). PostgreSQL 15 and PGlite (PostgreSQL 18).

ALTER TABLE remessa_item
  DROP CONSTRAINT remessa_item_remessa_id_fkey,
  DROP CONSTRAINT remessa_item_boleto_id_fkey;
ALTER TABLE boleto_historico
  DROP CONSTRAINT boleto_historico_boleto_id_fkey,
  DROP CONSTRAINT boleto_historico_usuario_id_fkey;

-- Locks the rows of `tabela` (a table with an integer id) whose ids are given, FOR KEY SHARE as a
-- foreign key does, and refuses when one does not exist. `quem` names the referencing rows.
CREATE FUNCTION referencias_existem(tabela text, ids integer[], quem text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  achados integer;
  faltando text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM %I r WHERE r.id = ANY ($1) ORDER BY r.id FOR KEY SHARE) l', tabela)
    INTO achados USING ids;
  IF achados <> cardinality(ids) THEN
    EXECUTE format('SELECT string_agg(x::text, '', '') FROM unnest($1) x WHERE NOT EXISTS (SELECT 1 FROM %I r WHERE r.id = x)', tabela)
      INTO faltando USING ids;
    RAISE EXCEPTION '% cita % que não existe (% %).', quem, tabela, tabela, faltando
      USING ERRCODE = 'foreign_key_violation';
  END IF;
END
$$;

CREATE FUNCTION remessa_item_referencias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referencias_existem('remessa', ARRAY(SELECT DISTINCT n.remessa_id FROM novos n), 'Item de remessa');
  PERFORM referencias_existem('boleto', ARRAY(SELECT DISTINCT n.boleto_id FROM novos n), 'Item de remessa');
  RETURN NULL;
END
$$;
CREATE TRIGGER remessa_item_referencias AFTER INSERT ON remessa_item
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION remessa_item_referencias();

CREATE FUNCTION boleto_historico_referencias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referencias_existem('boleto', ARRAY(SELECT DISTINCT n.boleto_id FROM novos n), 'Histórico de boleto');
  PERFORM referencias_existem('usuario', ARRAY(SELECT DISTINCT n.usuario_id FROM novos n WHERE n.usuario_id IS NOT NULL), 'Histórico de boleto');
  RETURN NULL;
END
$$;
CREATE TRIGGER boleto_historico_referencias AFTER INSERT ON boleto_historico
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION boleto_historico_referencias();

-- The referenced side. Arguments: pairs of (table, column) that name the deleted rows' id.
CREATE FUNCTION referencias_exclusao() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  citado integer;
  i integer;
BEGIN
  ids := ARRAY(SELECT v.id FROM velhos v);
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'Linhas de % só são excluídas em READ COMMITTED (a verificação do que as cita precisa ver o que outras transações gravaram).', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    EXECUTE format('SELECT r.%I FROM %I r WHERE r.%I = ANY ($1) LIMIT 1', TG_ARGV[2 * i + 1], TG_ARGV[2 * i], TG_ARGV[2 * i + 1])
      INTO citado USING ids;
    IF citado IS NOT NULL THEN
      RAISE EXCEPTION 'Registro % de % citado em %: não pode ser excluído.', citado, TG_TABLE_NAME, TG_ARGV[2 * i]
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- boleto: 0145's trigger (ledger_entry) becomes the generic one, with the two tables of this migration
DROP TRIGGER boleto_referencias_exclusao ON boleto;
DROP FUNCTION boleto_referencias_exclusao();
CREATE TRIGGER boleto_referencias_exclusao AFTER DELETE ON boleto
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('ledger_entry', 'boleto_id', 'remessa_item', 'boleto_id', 'boleto_historico', 'boleto_id');
CREATE TRIGGER remessa_referencias_exclusao AFTER DELETE ON remessa
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('remessa_item', 'remessa_id');
CREATE TRIGGER usuario_referencias_exclusao AFTER DELETE ON usuario
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('boleto_historico', 'usuario_id');

CREATE FUNCTION id_permanente() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'O id de % não muda (%).', TG_TABLE_NAME, OLD.id
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER remessa_id_permanente BEFORE UPDATE OF id ON remessa
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();
CREATE TRIGGER usuario_id_permanente BEFORE UPDATE OF id ON usuario
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();
