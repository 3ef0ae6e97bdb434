-- Portfolio risk (issue 29, /financeiro/risco, docs/risco.md, decision 120).
--
-- Every risk screen reads small summary tables written by one job, `risco.atualizar`
-- (modules/credito/risco/atualizar-risco.ts): every 15 minutes the position "now" (exposure per
-- shop and document, aging per bucket); every night (and on demand) also the month-end position of
-- every boleto still on the book (risco_posicao_mensal) for each closed month not yet computed,
-- the aggregates the vintage curves, the roll rates and the over-30/over-90 ratios read, the
-- safras with their first-payment default and the losses per shop from the ledger. A closed
-- month is computed once (the boletos' history is append-only). At 1 M boletos a screen
-- reads at most a few thousand rows (docs/performance.md "Risco da carteira").

-- The aging bucket of Resolução CMN 2.682/1999 art. 4 for a number of days late. AA: not late;
-- A: 1–14 days; B: 15–30; C: 31–60; D: 61–90; E: 91–120; F: 121–150; G: 151–180; H: over 180.
CREATE FUNCTION risco_faixa(dias integer) RETURNS varchar(2)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN dias <= 0 THEN 'AA'
    WHEN dias <= 14 THEN 'A'
    WHEN dias <= 30 THEN 'B'
    WHEN dias <= 60 THEN 'C'
    WHEN dias <= 90 THEN 'D'
    WHEN dias <= 120 THEN 'E'
    WHEN dias <= 150 THEN 'F'
    WHEN dias <= 180 THEN 'G'
    ELSE 'H'
  END
$$;

-- The provision table: the minimum percentages of Res. CMN 2.682 art. 6 as the default, the
-- percentage editable by an administrador (the days of each bucket are the resolution's).
CREATE TABLE risco_provisao_faixa (
  faixa varchar(2) PRIMARY KEY CHECK (faixa IN ('AA','A','B','C','D','E','F','G','H')),
  ordem smallint NOT NULL UNIQUE,
  dias_de integer NOT NULL,
  dias_ate integer,
  percentual numeric(5,2) NOT NULL CHECK (percentual >= 0 AND percentual <= 100),
  percentual_padrao numeric(5,2) NOT NULL,
  updated_by integer REFERENCES usuario(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO risco_provisao_faixa (faixa, ordem, dias_de, dias_ate, percentual, percentual_padrao) VALUES
  ('AA', 0, 0, 0, 0, 0),
  ('A', 1, 1, 14, 0.5, 0.5),
  ('B', 2, 15, 30, 1, 1),
  ('C', 3, 31, 60, 3, 3),
  ('D', 4, 61, 90, 10, 10),
  ('E', 5, 91, 120, 30, 30),
  ('F', 6, 121, 150, 50, 50),
  ('G', 7, 151, 180, 70, 70),
  ('H', 8, 181, NULL, 100, 100);

-- The position now, per shop and document: what the guarantor answers for (boletos DISPONÍVEL PARA
-- PAGAMENTO, ENVIADO PARA REGISTRO, GARANTIDO) and what it already honoured and not recovered
-- (QUITADO); valor_pendente: the boletos of PENDENTE or APROVADO guarantees not yet released — with
-- valor_garantido, the exposure the credit policy's limits count (modules/credito/exposicao.ts).
-- Rewritten whole by each run.
CREATE TABLE risco_exposicao (
  empresa_id integer NOT NULL,
  pessoa_id integer NOT NULL,
  boletos integer NOT NULL,
  valor_garantido numeric(14,2) NOT NULL,
  valor_vencido numeric(14,2) NOT NULL,
  valor_honrado numeric(14,2) NOT NULL,
  valor_pendente numeric(14,2) NOT NULL,
  PRIMARY KEY (empresa_id, pessoa_id)
);
CREATE INDEX risco_exposicao_pessoa_idx ON risco_exposicao (pessoa_id);

-- The position now by aging bucket (open guaranteed and honoured boletos).
CREATE TABLE risco_aging_atual (
  faixa varchar(2) PRIMARY KEY,
  boletos integer NOT NULL,
  valor numeric(14,2) NOT NULL
);

-- Month-end positions: every boleto on the book (its guarantee approved, released, not yet paid,
-- cancelled nor replaced by an acordo) at the last day of `mes` (São Paulo), with its days late.
CREATE TABLE risco_posicao_mensal (
  mes date NOT NULL CHECK (extract(day FROM mes) = 1),
  boleto_id integer NOT NULL,
  safra date NOT NULL,
  empresa_id integer NOT NULL,
  valor numeric(14,2) NOT NULL,
  dias_atraso integer NOT NULL,
  PRIMARY KEY (mes, boleto_id)
);

-- The closed months already computed (a month may have no boleto on the book).
CREATE TABLE risco_mes (
  mes date PRIMARY KEY CHECK (extract(day FROM mes) = 1),
  boletos integer NOT NULL,
  valor numeric(14,2) NOT NULL,
  valor_30 numeric(14,2) NOT NULL,
  valor_90 numeric(14,2) NOT NULL,
  calculado_em timestamptz NOT NULL DEFAULT now()
);

-- Vintage: per approval month (safra) and month-end, the value on the book more than 30 and more
-- than 90 days late; the safra's approved value is in risco_safra.
CREATE TABLE risco_vintage (
  safra date NOT NULL,
  mes date NOT NULL,
  valor_30 numeric(14,2) NOT NULL,
  valor_90 numeric(14,2) NOT NULL,
  PRIMARY KEY (safra, mes)
);

-- Per safra: the value approved (released boletos) and the first-payment default (the first
-- instalment unpaid 30 days after its due date), over the guarantees whose window has passed.
CREATE TABLE risco_safra (
  safra date PRIMARY KEY,
  garantias integer NOT NULL,
  valor numeric(14,2) NOT NULL,
  garantias_maduras integer NOT NULL,
  garantias_fpd integer NOT NULL,
  valor_primeira_madura numeric(14,2) NOT NULL,
  valor_primeira_fpd numeric(14,2) NOT NULL
);

-- Roll rates: the boletos in bucket `de` at the end of the month before `mes` and where they were
-- at the end of `mes` ('PG': left the book — paid, cancelled or replaced by an acordo).
CREATE TABLE risco_rolagem (
  mes date NOT NULL,
  de varchar(2) NOT NULL,
  para varchar(2) NOT NULL,
  boletos integer NOT NULL,
  valor numeric(14,2) NOT NULL,
  PRIMARY KEY (mes, de, para)
);

-- Losses and recoveries per shop and month (the ledger's occurred_on), from the debtors' accounts
-- (devedor_a_recuperar) of the shop's boletos: honrado = what the guarantor honoured (quitar),
-- recuperado = what came back (bank, acordo), perda = what was written off; estornos netted with
-- the kind they reverse. Rewritten whole by the nightly run.
CREATE TABLE risco_perda_mensal (
  mes date NOT NULL CHECK (extract(day FROM mes) = 1),
  empresa_id integer NOT NULL,
  honrado numeric(14,2) NOT NULL,
  recuperado numeric(14,2) NOT NULL,
  perda numeric(14,2) NOT NULL,
  PRIMARY KEY (mes, empresa_id)
);

-- When the position was last computed (one row): posicao_em for the position now (every 15
-- minutes), completa_em for the month-ends, safras and losses (nightly and on demand).
CREATE TABLE risco_atualizacao (
  id smallint PRIMARY KEY CHECK (id = 1),
  posicao_em timestamptz NOT NULL,
  data_referencia date NOT NULL,
  duracao_ms integer NOT NULL,
  completa_em timestamptz
);
