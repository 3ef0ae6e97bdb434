-- Statement triggers that stay linear in the rows a statement changes (issue 23, decision 105:
-- docs/decisions/105-dates-and-linear-triggers.md).
--
-- The Inadimplentes triggers of migration 0097 joined their transition tables (`antigas` to
-- `novas`, or a transition table to garantia/boleto). PostgreSQL has no statistics for a
-- transition table, and PL/pgSQL keeps the plan it made the first time the function ran in a
-- session: when that first statement changed no row (Gerar Remessa starts with three bulk updates
-- that usually change nothing), the plan expects one row on each side and joins them in a nested
-- loop, which a 100 k-row statement then runs as 10^10 comparisons (Gerar Remessa: 10 k boletos
-- 9.8 s, 100 k over 12 minutes).
--
-- Now no statement joins two relations by a condition the planner could loop over: each transition
-- table is read once and grouped on its own (an UPDATE's old and new row of one boleto meet in a
-- GROUP BY on the id, never in a join), the guarantees and people are then fetched by primary key
-- from an array (`id = ANY (…)`: an index probe per element, or one hashed scan), and
-- inadimplencia_recalcular (0098) already takes an array. Whatever plan is cached, the work is
-- proportional to the rows changed. Which people are recounted is the same as before (a change of
-- a row's key, which no code makes, now recounts both sides instead of neither); the recount
-- itself, the locks and the day turn are unchanged. The boleto-empresa triggers (0099) and the
-- pessoa trigger (0098) are row triggers doing one primary-key lookup or update per row: already
-- linear, unchanged. apps/api/test/cobranca/trigger-linear-work.int.test.ts checks every one.
-- PostgreSQL 15 and PGlite (PostgreSQL 18).

-- The people of some guarantees, by primary key.
CREATE FUNCTION inadimplencia_pessoas_das_garantias(garantias integer[]) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT DISTINCT g.pessoa_id FROM garantia g WHERE g.id = ANY (garantias))
$$;

-- The people of some boletos, by primary key (boleto → garantia → pessoa).
CREATE FUNCTION inadimplencia_pessoas_dos_boletos(boletos integer[]) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT inadimplencia_pessoas_das_garantias(ARRAY(SELECT DISTINCT b.garantia_id FROM boleto b WHERE b.id = ANY (boletos)))
$$;

CREATE OR REPLACE FUNCTION inadimplencia_boleto_inserido() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  PERFORM inadimplencia_recalcular(inadimplencia_pessoas_das_garantias(ARRAY(
    SELECT DISTINCT n.garantia_id FROM novas n WHERE inadimplencia_conta(n.situacao, n.vencimento, referencia))));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION inadimplencia_boleto_alterado() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  -- each boleto's old and new row side by side, grouped by id (one row each: the aggregates only
  -- pick the old or the new value)
  PERFORM inadimplencia_recalcular(inadimplencia_pessoas_das_garantias(ARRAY(
    SELECT DISTINCT v.garantia_id
      FROM (
        SELECT bool_or(t.conta) FILTER (WHERE t.velho) AS conta_a, bool_or(t.conta) FILTER (WHERE NOT t.velho) AS conta_n,
               min(t.vencimento) FILTER (WHERE t.velho) AS vencimento_a, min(t.vencimento) FILTER (WHERE NOT t.velho) AS vencimento_n,
               min(t.valor) FILTER (WHERE t.velho) AS valor_a, min(t.valor) FILTER (WHERE NOT t.velho) AS valor_n,
               min(t.garantia_id) FILTER (WHERE t.velho) AS garantia_a, min(t.garantia_id) FILTER (WHERE NOT t.velho) AS garantia_n
          FROM (
            SELECT true AS velho, a.id, a.garantia_id, a.valor, a.vencimento, inadimplencia_conta(a.situacao, a.vencimento, referencia) AS conta FROM antigas a
            UNION ALL
            SELECT false, n.id, n.garantia_id, n.valor, n.vencimento, inadimplencia_conta(n.situacao, n.vencimento, referencia) FROM novas n
          ) t
         GROUP BY t.id
      ) x
      CROSS JOIN LATERAL (VALUES (x.garantia_a), (x.garantia_n)) v(garantia_id)
     -- it came in or left the count (situação or vencimento), or it counts and its share changed
     WHERE v.garantia_id IS NOT NULL
       AND (x.conta_a IS DISTINCT FROM x.conta_n
            OR (x.conta_n AND (x.vencimento_a, x.valor_a, x.garantia_a) IS DISTINCT FROM (x.vencimento_n, x.valor_n, x.garantia_n))))));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION inadimplencia_boleto_removido() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referencia date;
BEGIN
  -- locked before choosing the people: during a day turn this waits for it and then chooses with
  -- the new day (chosen with the old one, a boleto due in between would be missed: the turn's
  -- recount did not see this transaction's uncommitted change)
  SELECT dia INTO referencia FROM inadimplencia_referencia FOR SHARE;
  PERFORM inadimplencia_recalcular(inadimplencia_pessoas_das_garantias(ARRAY(
    SELECT DISTINCT a.garantia_id FROM antigas a WHERE inadimplencia_conta(a.situacao, a.vencimento, referencia))));
  RETURN NULL;
END
$$;

-- acordo_boleto: a vigente acordo takes its boletos out of the count; cancelling it puts them back.
CREATE OR REPLACE FUNCTION inadimplencia_acordo_boleto() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM inadimplencia_recalcular(inadimplencia_pessoas_dos_boletos(ARRAY(SELECT DISTINCT n.boleto_id FROM novas n)));
  ELSIF TG_OP = 'UPDATE' THEN
    -- old and new row of each link grouped by its key: the boletos whose vigência changed
    PERFORM inadimplencia_recalcular(inadimplencia_pessoas_dos_boletos(ARRAY(
      SELECT t.boleto_id
        FROM (
          SELECT true AS velho, a.acordo_id, a.boleto_id, a.vigente FROM antigas a
          UNION ALL
          SELECT false, n.acordo_id, n.boleto_id, n.vigente FROM novas n
        ) t
       GROUP BY t.acordo_id, t.boleto_id
      HAVING bool_or(t.vigente) FILTER (WHERE t.velho) IS DISTINCT FROM bool_or(t.vigente) FILTER (WHERE NOT t.velho))));
  ELSE
    PERFORM inadimplencia_recalcular(inadimplencia_pessoas_dos_boletos(ARRAY(SELECT DISTINCT a.boleto_id FROM antigas a)));
  END IF;
  RETURN NULL;
END
$$;

-- garantia: a guarantee moved to another person moves its boletos' count with it.
CREATE OR REPLACE FUNCTION inadimplencia_garantia_alterada() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM inadimplencia_recalcular(ARRAY(
    SELECT DISTINCT v.p
      FROM (
        SELECT min(t.pessoa_id) FILTER (WHERE t.velho) AS pessoa_a, min(t.pessoa_id) FILTER (WHERE NOT t.velho) AS pessoa_n
          FROM (
            SELECT true AS velho, a.id, a.pessoa_id FROM antigas a
            UNION ALL
            SELECT false, n.id, n.pessoa_id FROM novas n
          ) t
         GROUP BY t.id
      ) x
      CROSS JOIN LATERAL (VALUES (x.pessoa_a), (x.pessoa_n)) v(p)
     WHERE x.pessoa_a IS DISTINCT FROM x.pessoa_n AND v.p IS NOT NULL));
  RETURN NULL;
END
$$;
