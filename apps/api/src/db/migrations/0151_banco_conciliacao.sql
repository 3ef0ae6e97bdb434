-- The daily reconciliation (Conciliação, issue 26, docs/banks.md): a bank without a listing (Caixa)
-- is reconciled by asking for each of our open registered titles, a bounded number per run; the
-- ones checked longest ago (or never) go first, so every title is checked in turn.
ALTER TABLE banco_registro ADD COLUMN conciliado_em timestamptz;
CREATE INDEX banco_registro_conciliacao_idx ON banco_registro (conta_cobranca_id, conciliado_em NULLS FIRST, boleto_id)
  WHERE estado IN ('REGISTRADO','ENVIANDO');
