-- Inadimplentes at 1 M boletos (docs/performance.md): the list groups the overdue open boletos
-- (boleto_aberto_venc_idx, index only) by their guarantee's person. Each of those boletos needs
-- its garantia's pessoa_id: this index answers it from the index alone, by probe or by a scan
-- about a third of the table's size, instead of a sequential scan of garantia. PostgreSQL 15 and
-- PGlite (PostgreSQL 18).
CREATE INDEX garantia_pessoa_de_idx ON garantia (id) INCLUDE (pessoa_id);
