-- The boleto carries its guarantee's empresa (docs/decisions/100-boleto-empresa.md). A loja's
-- Recebimentos (its GARANTIDO boletos) and Boletos Garantidos filtered by loja walked the released
-- boletos of every empresa in the list's order and looked up each one's guarantee to keep the
-- loja's: the capped count read the 74 k GARANTIDO boletos of 1 M to find the loja's, at the 50 ms
-- limit on PGlite. With the empresa on the row, one index per list answers page and count from the
-- loja's own entries.
--
-- garantia.empresa_id never changes today; a trigger keeps the copy right anyway (set on every
-- insert and on a change of guarantee, carried along if a guarantee ever moves), so no code path
-- can write a boleto under another empresa than its guarantee's.

ALTER TABLE boleto ADD COLUMN empresa_id integer;

-- the backfill changes no column the Inadimplentes summary reads (migration 0097): its statement
-- trigger would only join 1 M old rows to 1 M new ones to find nothing
ALTER TABLE boleto DISABLE TRIGGER inadimplencia_boleto_update;
UPDATE boleto b SET empresa_id = g.empresa_id FROM garantia g WHERE g.id = b.garantia_id;
ALTER TABLE boleto ENABLE TRIGGER inadimplencia_boleto_update;

ALTER TABLE boleto ALTER COLUMN empresa_id SET NOT NULL;
ALTER TABLE boleto ADD CONSTRAINT boleto_empresa_id_fkey FOREIGN KEY (empresa_id) REFERENCES empresa (id);

CREATE FUNCTION boleto_empresa_da_garantia() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.empresa_id INTO NEW.empresa_id FROM garantia g WHERE g.id = NEW.garantia_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER boleto_empresa_insert BEFORE INSERT ON boleto
  FOR EACH ROW EXECUTE FUNCTION boleto_empresa_da_garantia();
CREATE TRIGGER boleto_empresa_update BEFORE UPDATE OF garantia_id, empresa_id ON boleto
  FOR EACH ROW EXECUTE FUNCTION boleto_empresa_da_garantia();

CREATE FUNCTION garantia_empresa_nos_boletos() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE boleto SET empresa_id = NEW.empresa_id WHERE garantia_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER garantia_empresa_update AFTER UPDATE OF empresa_id ON garantia
  FOR EACH ROW WHEN (OLD.empresa_id IS DISTINCT FROM NEW.empresa_id) EXECUTE FUNCTION garantia_empresa_nos_boletos();

-- The lists' order (vencimento, garantia desc, parcela) within one empresa: all released boletos
-- (Boletos Garantidos filtered by loja) and per situação (Recebimentos, a loja's filters).
CREATE INDEX boleto_empresa_lista_idx ON boleto (empresa_id, vencimento, garantia_id DESC, parcela) WHERE situacao IS NOT NULL;
CREATE INDEX boleto_empresa_situacao_lista_idx ON boleto (empresa_id, situacao, vencimento, garantia_id DESC, parcela) WHERE situacao IS NOT NULL;
