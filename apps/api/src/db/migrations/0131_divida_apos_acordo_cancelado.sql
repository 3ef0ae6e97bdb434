-- An acordo cancelled no longer turns its boletos QUITADO (decision 109: QUITADO only ever means
-- the guarantor paid the shop). They keep their bank situação — ENVIADO PARA REMOÇÃO or BAIXADO
-- (REMOVIDO) — and are open debt again: pending in Inadimplentes (and for Novo Acordo and the SPC)
-- whenever some acordo covered them and none covers them now. What was paid under the cancelled
-- acordo stays credited to the boletos in the ledger and is deducted by the next acordo
-- ("Pagamentos anteriores", stored on the acordo).

ALTER TABLE acordo ADD COLUMN pagamentos_anteriores numeric(14,2) NOT NULL DEFAULT 0 CHECK (pagamentos_anteriores >= 0);

-- The triggers of 0097/0105 decide whom to recount with this row-only test: a boleto that may count.
-- Widened with the two removal situações (a removed boleto counts only once its acordo was
-- cancelled, which the recount below checks); recounting someone whose count does not change is
-- harmless.
CREATE OR REPLACE FUNCTION inadimplencia_conta(situacao varchar, vencimento date, dia date) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT situacao IN ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO', 'ENVIADO PARA REMOÇÃO', 'BAIXADO (REMOVIDO)')
     AND vencimento < dia
$$;

-- Pending and overdue, exactly: open, or removed by an acordo that was cancelled; and no running
-- acordo. The open branch keeps the shape of the partial index boleto_aberto_venc_idx (0080).
CREATE FUNCTION inadimplencia_devido(boleto_id integer, situacao varchar, vencimento date, dia date) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT vencimento < dia
     AND (situacao IN ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO')
          OR (situacao IN ('ENVIADO PARA REMOÇÃO', 'BAIXADO (REMOVIDO)') AND EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = inadimplencia_devido.boleto_id)))
     AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = inadimplencia_devido.boleto_id AND ab.vigente)
$$;

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
  -- one row per person, locked in id order (0097, 0098)
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
         AND inadimplencia_devido(b.id, b.situacao, b.vencimento, referencia)
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
          FROM (
            -- the open ones through the partial index (0080), the removed ones of a cancelled acordo apart
            SELECT b.garantia_id, b.valor, b.vencimento FROM boleto b
             WHERE b.situacao IN ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO') AND b.vencimento < novo
               AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id AND ab.vigente)
            UNION ALL
            SELECT b.garantia_id, b.valor, b.vencimento FROM boleto b
             WHERE b.situacao IN ('ENVIADO PARA REMOÇÃO', 'BAIXADO (REMOVIDO)') AND b.vencimento < novo
               AND EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id)
               AND NOT EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id AND ab.vigente)
          ) b
          JOIN garantia g ON g.id = b.garantia_id
         GROUP BY g.pessoa_id
      ) d
      JOIN pessoa p ON p.id = d.pessoa_id;
  -- the list's plan depends on how many debtors there are (PGlite has no autovacuum to tell it)
  ANALYZE inadimplencia_resumo;
  RETURN true;
END
$$;

-- The people already back in debt after a cancelled acordo are counted from now on.
SELECT inadimplencia_recalcular(ARRAY(
  SELECT DISTINCT g.pessoa_id
    FROM acordo_boleto ab JOIN boleto b ON b.id = ab.boleto_id JOIN garantia g ON g.id = b.garantia_id
   WHERE NOT ab.vigente));
