-- The references a retorno batch fills on every row of ledger_transaction (boleto, empresa, pessoa,
-- retorno line, usuario) and of retorno_item (retorno, boleto) checked once per INSERT statement
-- (issue 24, docs/performance.md "Applying a retorno", decision 112): per batch of 500 titles they
-- were 3 500 row-by-row foreign-key checks, the pessoa's alone reading 500 scattered pages. The
-- references a liquidação leaves NULL (advance, acordo, instalment, repasse, consulta, boleto
-- avulso, reversal) stay foreign keys: a NULL costs a foreign key nothing.
--
-- Same mechanism as 0145/0146: the statement's distinct ids locked FOR KEY SHARE and counted
-- (referencias_existem), and on the referenced side referencias_exclusao refuses the DELETE of a
-- row still named (READ COMMITTED only), *_id_permanente a change of its id. TRUNCATE of a table
-- rows name without a foreign key is refused too (a TRUNCATE … CASCADE follows foreign keys only).
-- ledger_transaction has indexes on boleto_id and empresa_id; deleting a pessoa, a usuario or a
-- retorno line reads ledger_transaction whole (nothing in the application deletes them).
-- PostgreSQL 15 and PGlite (PostgreSQL 18).

ALTER TABLE ledger_transaction
  DROP CONSTRAINT ledger_transaction_boleto_id_fkey,
  DROP CONSTRAINT ledger_transaction_empresa_id_fkey,
  DROP CONSTRAINT ledger_transaction_pessoa_id_fkey,
  DROP CONSTRAINT ledger_transaction_retorno_item_id_fkey,
  DROP CONSTRAINT ledger_transaction_usuario_id_fkey;
ALTER TABLE retorno_item
  DROP CONSTRAINT retorno_item_retorno_id_fkey,
  DROP CONSTRAINT retorno_item_boleto_id_fkey;

-- referencias_existem (0146) with a static query per table instead of EXECUTE: plpgsql keeps their
-- plans, so a one-row INSERT (most postings, each situação change) pays no parse and plan per
-- statement. Another table falls back to EXECUTE.
CREATE OR REPLACE FUNCTION referencias_existem(tabela text, ids integer[], quem text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  achados integer;
  faltando text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF tabela = 'boleto' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM boleto r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSIF tabela = 'usuario' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM usuario r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSIF tabela = 'remessa' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM remessa r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSIF tabela = 'retorno' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM retorno r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSIF tabela = 'empresa' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM empresa r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSIF tabela = 'pessoa' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM pessoa r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSE
    EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM %I r WHERE r.id = ANY ($1) ORDER BY r.id FOR KEY SHARE) l', tabela)
      INTO achados USING ids;
  END IF;
  IF achados <> cardinality(ids) THEN
    EXECUTE format('SELECT string_agg(x::text, '', '') FROM unnest($1) x WHERE NOT EXISTS (SELECT 1 FROM %I r WHERE r.id = x)', tabela)
      INTO faltando USING ids;
    RAISE EXCEPTION '% cita % que não existe (% %).', quem, tabela, tabela, faltando
      USING ERRCODE = 'foreign_key_violation';
  END IF;
END
$$;

-- the same for the bigint ids of retorno_item
CREATE FUNCTION referencias_existem_longas(tabela text, ids bigint[], quem text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  achados integer;
  faltando text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF tabela = 'retorno_item' THEN
    SELECT count(*)::int INTO achados FROM (SELECT 1 FROM retorno_item r WHERE r.id = ANY (ids) ORDER BY r.id FOR KEY SHARE) l;
  ELSE
    EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM %I r WHERE r.id = ANY ($1) ORDER BY r.id FOR KEY SHARE) l', tabela)
      INTO achados USING ids;
  END IF;
  IF achados <> cardinality(ids) THEN
    EXECUTE format('SELECT string_agg(x::text, '', '') FROM unnest($1) x WHERE NOT EXISTS (SELECT 1 FROM %I r WHERE r.id = x)', tabela)
      INTO faltando USING ids;
    RAISE EXCEPTION '% cita % que não existe (% %).', quem, tabela, tabela, faltando
      USING ERRCODE = 'foreign_key_violation';
  END IF;
END
$$;

CREATE FUNCTION ledger_transacoes_referencias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referencias_existem('boleto', ARRAY(SELECT DISTINCT n.boleto_id FROM novas n WHERE n.boleto_id IS NOT NULL), 'Transação do razão');
  PERFORM referencias_existem('empresa', ARRAY(SELECT DISTINCT n.empresa_id FROM novas n WHERE n.empresa_id IS NOT NULL), 'Transação do razão');
  PERFORM referencias_existem('pessoa', ARRAY(SELECT DISTINCT n.pessoa_id FROM novas n WHERE n.pessoa_id IS NOT NULL), 'Transação do razão');
  PERFORM referencias_existem('usuario', ARRAY(SELECT DISTINCT n.usuario_id FROM novas n WHERE n.usuario_id IS NOT NULL), 'Transação do razão');
  PERFORM referencias_existem_longas('retorno_item', ARRAY(SELECT DISTINCT n.retorno_item_id FROM novas n WHERE n.retorno_item_id IS NOT NULL), 'Transação do razão');
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_transaction_referencias AFTER INSERT ON ledger_transaction
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION ledger_transacoes_referencias();

CREATE FUNCTION retorno_item_referencias() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referencias_existem('retorno', ARRAY(SELECT DISTINCT n.retorno_id FROM novos n), 'Linha de retorno');
  PERFORM referencias_existem('boleto', ARRAY(SELECT DISTINCT n.boleto_id FROM novos n WHERE n.boleto_id IS NOT NULL), 'Linha de retorno');
  RETURN NULL;
END
$$;
CREATE TRIGGER retorno_item_referencias AFTER INSERT ON retorno_item
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION retorno_item_referencias();

-- The referenced side: the tables that now name each without a foreign key.
DROP TRIGGER boleto_referencias_exclusao ON boleto;
CREATE TRIGGER boleto_referencias_exclusao AFTER DELETE ON boleto
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('ledger_entry', 'boleto_id', 'remessa_item', 'boleto_id', 'boleto_historico', 'boleto_id',
                                        'ledger_transaction', 'boleto_id', 'retorno_item', 'boleto_id');
DROP TRIGGER usuario_referencias_exclusao ON usuario;
CREATE TRIGGER usuario_referencias_exclusao AFTER DELETE ON usuario
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('boleto_historico', 'usuario_id', 'ledger_transaction', 'usuario_id');
CREATE TRIGGER empresa_referencias_exclusao AFTER DELETE ON empresa
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('ledger_transaction', 'empresa_id');
CREATE TRIGGER pessoa_referencias_exclusao AFTER DELETE ON pessoa
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('ledger_transaction', 'pessoa_id');
CREATE TRIGGER retorno_referencias_exclusao AFTER DELETE ON retorno
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('retorno_item', 'retorno_id');
CREATE TRIGGER retorno_item_referencias_exclusao AFTER DELETE ON retorno_item
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT
  EXECUTE FUNCTION referencias_exclusao('ledger_transaction', 'retorno_item_id');

CREATE TRIGGER empresa_id_permanente BEFORE UPDATE OF id ON empresa
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();
CREATE TRIGGER pessoa_id_permanente BEFORE UPDATE OF id ON pessoa
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();
CREATE TRIGGER retorno_id_permanente BEFORE UPDATE OF id ON retorno
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();
CREATE TRIGGER retorno_item_id_permanente BEFORE UPDATE OF id ON retorno_item
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION id_permanente();

-- TRUNCATE of a table that rows name without a foreign key (0145–0147): refused
CREATE FUNCTION referencias_sem_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'TRUNCATE de % não é permitido: outras tabelas citam suas linhas sem chave estrangeira (decisão 112).', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER boleto_sem_truncate BEFORE TRUNCATE ON boleto FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER remessa_sem_truncate BEFORE TRUNCATE ON remessa FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER usuario_sem_truncate BEFORE TRUNCATE ON usuario FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER empresa_sem_truncate BEFORE TRUNCATE ON empresa FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER pessoa_sem_truncate BEFORE TRUNCATE ON pessoa FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER retorno_sem_truncate BEFORE TRUNCATE ON retorno FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
CREATE TRIGGER retorno_item_sem_truncate BEFORE TRUNCATE ON retorno_item FOR EACH STATEMENT EXECUTE FUNCTION referencias_sem_truncate();
