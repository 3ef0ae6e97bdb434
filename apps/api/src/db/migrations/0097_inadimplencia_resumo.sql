-- Inadimplentes at 1 M boletos (docs/decisions/097-inadimplencia-resumo.md). The list grouped every
-- overdue open boleto by person on each call (25 k rows at 1 M boletos, 80–250 ms). Instead, one
-- row per person keeps how many of their boletos are overdue and pending, how much, and the oldest
-- due date, as of one reference day; the list reads that table (9.6 k rows) and pages it.
--
-- "Overdue and pending" is DOMAIN.md's Collections rule, the one of cobranca/pendentes.ts: situação
-- in OPEN_SITUACOES (@bg/domain), vencimento before the day, no vigente acordo. Triggers keep the
-- rows right on every write to boleto, acordo_boleto and garantia.pessoa_id, whatever the writer;
-- the day turn (the first list call of a new day) recomputes the whole table.
-- PostgreSQL 15 and PGlite (PostgreSQL 18).

CREATE TABLE inadimplencia_resumo (
  pessoa_id integer PRIMARY KEY REFERENCES pessoa (id) ON DELETE CASCADE,
  qtd integer NOT NULL CHECK (qtd >= 0),
  valor numeric(14,2) NOT NULL,
  vencimento_mais_antigo date
);
-- a person who paid everything keeps a row with qtd 0 (the row lock below needs a row); the list
-- reads only the others
CREATE INDEX inadimplencia_resumo_devedores_idx ON inadimplencia_resumo (pessoa_id) WHERE qtd > 0;

-- The list's order: it walks the people by name and keeps the debtors (about 5 % of them), so
-- page 1 reads a few hundred index entries instead of sorting every debtor.
CREATE INDEX pessoa_nome_ordem_idx ON pessoa (nome_razao, id);

-- The day the rows are counted for. '-infinity' until the first list call computes them.
CREATE TABLE inadimplencia_referencia (
  unica boolean PRIMARY KEY DEFAULT true CHECK (unica),
  dia date NOT NULL
);
INSERT INTO inadimplencia_referencia (dia) VALUES ('-infinity');

-- A boleto counts when it is open (OPEN_SITUACOES) and due before the reference day.
CREATE FUNCTION inadimplencia_conta(situacao varchar, vencimento date, dia date) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT situacao IN ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO') AND vencimento < dia
$$;

-- Recomputes the rows of the given people from their boletos.
CREATE FUNCTION inadimplencia_recalcular(pessoas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  IF pessoas IS NULL OR cardinality(pessoas) = 0 THEN
    RETURN;
  END IF;
  -- FOR SHARE: waits for a day turn in progress (inadimplencia_virar_dia), never for another writer
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  -- one row per person, locked in id order: two transactions writing boletos of the same person
  -- take turns, and the second counts after the first committed (each statement below reads a new
  -- snapshot under READ COMMITTED), so neither overwrites the other's count with an older one
  INSERT INTO inadimplencia_resumo (pessoa_id, qtd, valor)
    SELECT DISTINCT p, 0, 0 FROM unnest(pessoas) AS p ORDER BY p
    ON CONFLICT (pessoa_id) DO NOTHING;
  PERFORM 1 FROM inadimplencia_resumo WHERE pessoa_id = ANY (pessoas) ORDER BY pessoa_id FOR UPDATE;
  UPDATE inadimplencia_resumo r
     SET qtd = s.qtd, valor = s.valor, vencimento_mais_antigo = s.mais_antigo
    FROM (
      SELECT alvo.pessoa_id, count(b.id)::int AS qtd, coalesce(sum(b.valor), 0) AS valor, min(b.vencimento) AS mais_antigo
        FROM (SELECT DISTINCT p AS pessoa_id FROM unnest(pessoas) AS p) alvo
        LEFT JOIN garantia g ON g.pessoa_id = alvo.pessoa_id
        LEFT JOIN boleto b ON b.garantia_id = g.id
         AND inadimplencia_conta(b.situacao, b.vencimento, referencia)
         AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id AND ab.vigente)
       GROUP BY alvo.pessoa_id
    ) s
   WHERE r.pessoa_id = s.pessoa_id;
END
$$;

-- The day turn: when `novo` is not the reference day, recomputes every row for it and answers
-- true; false when it already was (another call turned it first: it waited on the row, then found
-- the new day). The UPDATE's row lock holds every writer's trigger (FOR SHARE above) until commit.
CREATE FUNCTION inadimplencia_virar_dia(novo date) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inadimplencia_referencia SET dia = novo WHERE dia IS DISTINCT FROM novo;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM inadimplencia_resumo;
  INSERT INTO inadimplencia_resumo (pessoa_id, qtd, valor, vencimento_mais_antigo)
    SELECT g.pessoa_id, count(*)::int, sum(b.valor), min(b.vencimento)
      FROM boleto b
      JOIN garantia g ON g.id = b.garantia_id
     WHERE inadimplencia_conta(b.situacao, b.vencimento, novo)
       AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id AND ab.vigente)
     GROUP BY g.pessoa_id;
  -- the list's plan depends on how many debtors there are (PGlite has no autovacuum to tell it)
  ANALYZE inadimplencia_resumo;
  RETURN true;
END
$$;

-- boleto: statement triggers with transition tables (one per event: PostgreSQL allows transition
-- tables only on single-event triggers). Only rows that count, or counted, or changed a column the
-- count reads, touch a person: a retorno liquidating boletos not yet due recomputes nobody.
CREATE FUNCTION inadimplencia_boleto_inserido() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  PERFORM inadimplencia_recalcular(ARRAY(
    SELECT DISTINCT g.pessoa_id FROM novas n JOIN garantia g ON g.id = n.garantia_id
     WHERE inadimplencia_conta(n.situacao, n.vencimento, referencia)));
  RETURN NULL;
END
$$;

CREATE FUNCTION inadimplencia_boleto_alterado() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  PERFORM inadimplencia_recalcular(ARRAY(
    SELECT DISTINCT g.pessoa_id
      FROM antigas a
      JOIN novas n ON n.id = a.id
      JOIN garantia g ON g.id IN (a.garantia_id, n.garantia_id)
     -- it came in or left the count (situação or vencimento), or it counts and its share changed
     WHERE inadimplencia_conta(a.situacao, a.vencimento, referencia) IS DISTINCT FROM inadimplencia_conta(n.situacao, n.vencimento, referencia)
        OR (inadimplencia_conta(n.situacao, n.vencimento, referencia)
            AND (a.vencimento, a.valor, a.garantia_id) IS DISTINCT FROM (n.vencimento, n.valor, n.garantia_id))));
  RETURN NULL;
END
$$;

CREATE FUNCTION inadimplencia_boleto_removido() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  PERFORM inadimplencia_recalcular(ARRAY(
    SELECT DISTINCT g.pessoa_id FROM antigas a JOIN garantia g ON g.id = a.garantia_id
     WHERE inadimplencia_conta(a.situacao, a.vencimento, referencia)));
  RETURN NULL;
END
$$;

CREATE TRIGGER inadimplencia_boleto_insert AFTER INSERT ON boleto
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_boleto_inserido();
CREATE TRIGGER inadimplencia_boleto_update AFTER UPDATE ON boleto
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_boleto_alterado();
CREATE TRIGGER inadimplencia_boleto_delete AFTER DELETE ON boleto
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_boleto_removido();

-- acordo_boleto: a vigente acordo takes its boletos out of the count; cancelling it puts them back.
CREATE FUNCTION inadimplencia_acordo_boleto() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inadimplencia_recalcular(ARRAY(
      SELECT DISTINCT g.pessoa_id FROM novas n JOIN boleto b ON b.id = n.boleto_id JOIN garantia g ON g.id = b.garantia_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM inadimplencia_recalcular(ARRAY(
      SELECT DISTINCT g.pessoa_id
        FROM antigas a JOIN novas n ON n.acordo_id = a.acordo_id AND n.boleto_id = a.boleto_id
        JOIN boleto b ON b.id = n.boleto_id JOIN garantia g ON g.id = b.garantia_id
       WHERE a.vigente IS DISTINCT FROM n.vigente));
  ELSE
    PERFORM inadimplencia_recalcular(ARRAY(
      SELECT DISTINCT g.pessoa_id FROM antigas a JOIN boleto b ON b.id = a.boleto_id JOIN garantia g ON g.id = b.garantia_id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER inadimplencia_acordo_boleto_insert AFTER INSERT ON acordo_boleto
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_acordo_boleto();
CREATE TRIGGER inadimplencia_acordo_boleto_update AFTER UPDATE ON acordo_boleto
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_acordo_boleto();
CREATE TRIGGER inadimplencia_acordo_boleto_delete AFTER DELETE ON acordo_boleto
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_acordo_boleto();

-- garantia: a guarantee moved to another person moves its boletos' count with it.
CREATE FUNCTION inadimplencia_garantia_alterada() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inadimplencia_recalcular(ARRAY(
    SELECT DISTINCT p FROM antigas a JOIN novas n ON n.id = a.id, LATERAL (VALUES (a.pessoa_id), (n.pessoa_id)) v(p)
     WHERE a.pessoa_id IS DISTINCT FROM n.pessoa_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER inadimplencia_garantia_update AFTER UPDATE ON garantia
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION inadimplencia_garantia_alterada();
