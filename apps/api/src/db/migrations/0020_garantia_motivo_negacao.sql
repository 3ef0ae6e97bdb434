-- Garantias: the deny reasons of spec §5 as reference data (HOUSE-STYLE habit 5), and a foreign
-- key so a denied guarantee can only carry one of them. The order is the modal's order; the
-- first is its default. packages/domain/src/garantia/deny-reasons.ts holds the same list (a test
-- compares both).
CREATE TABLE motivo_negacao (
  descricao varchar(100) PRIMARY KEY,
  ordem smallint NOT NULL UNIQUE
);
INSERT INTO motivo_negacao (descricao, ordem) VALUES
  ('Restrição no CNPJ ligado ao cliente', 1),
  ('Restrição no avalista', 2),
  ('Restrição no sócio da empresa', 3),
  ('Baixo escore de crédito', 4),
  ('Telefone não localizado ou sem contato', 5),
  ('Terceiro suspeito', 6),
  ('Filling', 7),
  ('Outro', 8);
ALTER TABLE garantia ADD CONSTRAINT garantia_motivo_negacao_fk FOREIGN KEY (motivo) REFERENCES motivo_negacao (descricao);

-- The lookup rules search boletos by guarantee and overdue date, and guarantees by person.
CREATE INDEX boleto_garantia_venc_idx ON boleto (garantia_id, vencimento);
