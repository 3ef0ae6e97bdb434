-- A lookup of the same document by the same shop within 30 minutes reuses the billed consulta
-- (issue 25, decision 111): no new row, no new charge. The repeats are still recorded on that row
-- (how many, the last one's time) so the audit trail shows them.
ALTER TABLE consulta_documento
  ADD COLUMN repeticoes integer NOT NULL DEFAULT 0,
  ADD COLUMN ultima_repeticao_em timestamptz;
-- the reuse query: this shop's latest lookup of this document
CREATE INDEX consulta_documento_empresa_doc_idx ON consulta_documento (empresa_id, cpf_cnpj, created_at DESC);
