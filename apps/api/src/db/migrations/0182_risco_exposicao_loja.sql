-- Issue 29 (docs/risco.md, docs/performance.md "Risco da carteira"): the exposure screen must answer
-- in < 500 ms at 1 M boletos on PostgreSQL and on PGlite. On PGlite (27/11/2026) it took ~700 ms
-- median: each call summed risco_exposicao's ~45 000 shop×person rows three times (the total, the
-- top shops, the shops over the policy's limit) and scanned them once more for the pairs over a
-- shop's limite_cpf_cnpj. risco.atualizar now also writes the per-shop sums and the totals (a few
-- hundred rows and one), and the pairs and documents over a limit are found through the indexes
-- below instead of a scan. Rewritten whole by each run, like risco_exposicao.
CREATE TABLE risco_exposicao_loja (
  empresa_id integer PRIMARY KEY,
  -- the shop's documents with guaranteed value outstanding
  documentos integer NOT NULL,
  boletos integer NOT NULL,
  valor_garantido numeric(14,2) NOT NULL,
  valor_vencido numeric(14,2) NOT NULL,
  valor_honrado numeric(14,2) NOT NULL,
  valor_pendente numeric(14,2) NOT NULL
);
CREATE INDEX risco_exposicao_loja_valor_idx ON risco_exposicao_loja (valor_garantido DESC, empresa_id);

-- The whole portfolio, one row (id = 1): documentos counts each CPF/CNPJ once across shops.
CREATE TABLE risco_exposicao_total (
  id smallint PRIMARY KEY CHECK (id = 1),
  lojas integer NOT NULL,
  documentos integer NOT NULL,
  boletos integer NOT NULL,
  valor_garantido numeric(14,2) NOT NULL,
  valor_vencido numeric(14,2) NOT NULL,
  valor_honrado numeric(14,2) NOT NULL,
  valor_pendente numeric(14,2) NOT NULL
);

-- The pairs over their shop's limite_cpf_cnpj: per shop, a range of this index from the limit up.
CREATE INDEX risco_exposicao_empresa_exposicao_idx ON risco_exposicao (empresa_id, (valor_garantido + valor_pendente));
-- The documents over the policy's limit across shops: a range of this index from the limit up.
CREATE INDEX risco_exposicao_documento_exposicao_idx ON risco_exposicao_documento ((valor_garantido + valor_pendente));
