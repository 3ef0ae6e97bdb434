-- Inadimplentes searched within the debtors (docs/decisions/098-inadimplentes-search-and-call-overhead.md). With a
-- search, the list's capped count joined every person whose name matched (a quarter of 200 k people
-- for "Silva") to the 9.6 k debtors: 35–55 ms on PostgreSQL, 50 ms on PGlite at 1 M boletos. The
-- summary now carries each debtor's name and document, copied from pessoa and kept equal by a
-- trigger, so the list searches, orders and counts the summary alone (one row per debtor).
-- PostgreSQL 15 and PGlite (PostgreSQL 18).

ALTER TABLE inadimplencia_resumo
  ADD COLUMN nome_razao varchar(150),
  ADD COLUMN cpf_cnpj varchar(14);

UPDATE inadimplencia_resumo r SET nome_razao = p.nome_razao, cpf_cnpj = p.cpf_cnpj FROM pessoa p WHERE p.id = r.pessoa_id;

ALTER TABLE inadimplencia_resumo
  ALTER COLUMN nome_razao SET NOT NULL,
  ALTER COLUMN cpf_cnpj SET NOT NULL;

-- the list's order and its searches, over the debtors only (pg_trgm: migration 0080)
CREATE INDEX inadimplencia_resumo_nome_ordem_idx ON inadimplencia_resumo (nome_razao, pessoa_id) WHERE qtd > 0;
CREATE INDEX inadimplencia_resumo_nome_trgm_idx ON inadimplencia_resumo USING gin (nome_razao gin_trgm_ops) WHERE qtd > 0;
CREATE INDEX inadimplencia_resumo_cpf_cnpj_trgm_idx ON inadimplencia_resumo USING gin (cpf_cnpj gin_trgm_ops) WHERE qtd > 0;

-- A person renamed (or their document corrected) is renamed in the summary in the same transaction.
CREATE FUNCTION inadimplencia_pessoa_alterada() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inadimplencia_resumo SET nome_razao = NEW.nome_razao, cpf_cnpj = NEW.cpf_cnpj WHERE pessoa_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER inadimplencia_pessoa_update AFTER UPDATE OF nome_razao, cpf_cnpj ON pessoa
  FOR EACH ROW WHEN (OLD.nome_razao IS DISTINCT FROM NEW.nome_razao OR OLD.cpf_cnpj IS DISTINCT FROM NEW.cpf_cnpj)
  EXECUTE FUNCTION inadimplencia_pessoa_alterada();

-- 0097's two writers of new rows, now with the name and document (the rest unchanged).
CREATE OR REPLACE FUNCTION inadimplencia_recalcular(pessoas integer[]) RETURNS void
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
  INSERT INTO inadimplencia_resumo (pessoa_id, qtd, valor, nome_razao, cpf_cnpj)
    SELECT p.id, 0, 0, p.nome_razao, p.cpf_cnpj FROM pessoa p WHERE p.id = ANY (pessoas) ORDER BY p.id
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

CREATE OR REPLACE FUNCTION inadimplencia_virar_dia(novo date) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inadimplencia_referencia SET dia = novo WHERE dia IS DISTINCT FROM novo;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM inadimplencia_resumo;
  INSERT INTO inadimplencia_resumo (pessoa_id, qtd, valor, vencimento_mais_antigo, nome_razao, cpf_cnpj)
    SELECT d.pessoa_id, d.qtd, d.valor, d.mais_antigo, p.nome_razao, p.cpf_cnpj
      FROM (
        SELECT g.pessoa_id, count(*)::int AS qtd, sum(b.valor) AS valor, min(b.vencimento) AS mais_antigo
          FROM boleto b
          JOIN garantia g ON g.id = b.garantia_id
         WHERE inadimplencia_conta(b.situacao, b.vencimento, novo)
           AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id AND ab.vigente)
         GROUP BY g.pessoa_id
      ) d
      JOIN pessoa p ON p.id = d.pessoa_id;
  -- the list's plan depends on how many debtors there are (PGlite has no autovacuum to tell it)
  ANALYZE inadimplencia_resumo;
  RETURN true;
END
$$;
