-- Several contas de cobrança (issue 30, decision 126). Until now one conta was "ativa" (a unique
-- partial index): the one every boleto was numbered in and every remessa written for. Now:
--   * `ativa` means "in use" (not deactivated) and any number of contas may be active; a conta is
--     never deleted (its boletos keep it), it is deactivated;
--   * `padrao` marks the house default (at most one, and only an active conta): a shop without a
--     conta of its own numbers its boletos there; the active conta of before becomes it;
--   * `layout_cnab` says which CNAB layout the conta's remessas are written in (240 or 400): a bank
--     with both (Santander 033) lets the administrador choose; the others have one;
--   * `empresa.conta_cobranca_id` is the shop's own default (NULL: the house default).
-- The bank list is no longer a CHECK: which banks a conta may name is the engine's registries'
-- (a boleto profile plus a remessa writer or an API adapter), checked by the application on every
-- save (contaCobrancaSchema); the database keeps only the shape of a FEBRABAN code.
ALTER TABLE conta_cobranca DROP CONSTRAINT conta_cobranca_banco_check;
ALTER TABLE conta_cobranca ADD CONSTRAINT conta_cobranca_banco_check CHECK (banco ~ '^[0-9]{3}$');

ALTER TABLE conta_cobranca
  ADD COLUMN padrao boolean NOT NULL DEFAULT false,
  ADD COLUMN layout_cnab smallint;
-- the banks of before have one layout each: Itaú 341 writes CNAB 400, Caixa and BB CNAB 240
UPDATE conta_cobranca SET layout_cnab = CASE WHEN banco IN ('341', '237') THEN 400 ELSE 240 END;
ALTER TABLE conta_cobranca
  ALTER COLUMN layout_cnab SET NOT NULL,
  ADD CONSTRAINT conta_cobranca_layout_check CHECK (layout_cnab IN (240, 400)),
  ADD CONSTRAINT conta_cobranca_padrao_ativa CHECK (NOT padrao OR ativa);

-- the conta in use becomes the house default
UPDATE conta_cobranca SET padrao = true WHERE ativa;
DROP INDEX conta_cobranca_ativa_key;
CREATE UNIQUE INDEX conta_cobranca_padrao_key ON conta_cobranca (padrao) WHERE padrao;

-- a shop's own conta (Administração > Empresas or Conta de Cobrança); NULL = the house default
ALTER TABLE empresa ADD COLUMN conta_cobranca_id integer REFERENCES conta_cobranca(id);
CREATE INDEX empresa_conta_cobranca_idx ON empresa (conta_cobranca_id) WHERE conta_cobranca_id IS NOT NULL;
