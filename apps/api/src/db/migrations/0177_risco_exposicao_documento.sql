-- The exposure per CPF/CNPJ across every shop, written with risco_exposicao by each run of
-- risco.atualizar (issue 29, docs/risco.md). At 1 M boletos, grouping risco_exposicao's ~45 000
-- rows by person on each request took ~170 ms of the screen's 500; the 20 largest are now read
-- from the index below.
CREATE TABLE risco_exposicao_documento (
  pessoa_id integer PRIMARY KEY,
  lojas integer NOT NULL,
  boletos integer NOT NULL,
  valor_garantido numeric(14,2) NOT NULL,
  valor_vencido numeric(14,2) NOT NULL,
  valor_honrado numeric(14,2) NOT NULL,
  valor_pendente numeric(14,2) NOT NULL
);
CREATE INDEX risco_exposicao_documento_valor_idx ON risco_exposicao_documento (valor_garantido DESC, pessoa_id);
