-- Indexes for every list filter and search at scale (1 M boletos; docs/performance.md, where the
-- EXPLAIN of each list is). Written for PostgreSQL 15 and accepted by PGlite (PostgreSQL 18, with
-- pg_trgm passed to PGlite.create in db/pglite-options.ts). Lists count at most
-- COUNT_CAP + 1 rows and page by offset up to MAX_OFFSET (shared/paged-select.ts,
-- docs/decisions/080-list-counts-at-scale.md): each index below lets a list's count and page stop
-- early instead of sorting or joining the whole table.

-- Free-text search (shared/paged-select.ts textSearch): ILIKE '%texto%' on names, and on the
-- documents' digits once 3 or more are typed — exactly what a trigram index answers (it also serves
-- a prefix search). The empresa and boleto avulso tables are small today; the indexes keep their
-- search flat as they grow.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX pessoa_nome_trgm_idx ON pessoa USING gin (nome_razao gin_trgm_ops);
CREATE INDEX pessoa_cpf_cnpj_trgm_idx ON pessoa USING gin (cpf_cnpj gin_trgm_ops);
CREATE INDEX empresa_fantasia_trgm_idx ON empresa USING gin (fantasia gin_trgm_ops);
CREATE INDEX empresa_razao_trgm_idx ON empresa USING gin (razao gin_trgm_ops);
CREATE INDEX empresa_cnpj_trgm_idx ON empresa USING gin (cnpj gin_trgm_ops);
CREATE INDEX cpf_suspeito_cpf_cnpj_trgm_idx ON cpf_suspeito USING gin (cpf_cnpj gin_trgm_ops);
CREATE INDEX boleto_avulso_nome_trgm_idx ON boleto_avulso USING gin (nome_razao gin_trgm_ops);
CREATE INDEX boleto_avulso_cpf_cnpj_trgm_idx ON boleto_avulso USING gin (cpf_cnpj gin_trgm_ops);

-- Garantias (admin list, Impressão de Boletos): newest first, all of them or of one loja. The
-- covering (empresa_id, id, pessoa_id) index lets a loja's boletos be joined and counted from the
-- index alone (Recebimentos, Boletos Garantidos filtered by loja). usuario_id: foreign key.
CREATE INDEX garantia_data_idx ON garantia (data DESC, id DESC);
CREATE INDEX garantia_empresa_cover_idx ON garantia (empresa_id, id) INCLUDE (pessoa_id);
CREATE INDEX garantia_usuario_idx ON garantia (usuario_id);

-- Boletos Garantidos / Recebimentos: the list's own order (vencimento, garantia desc, parcela),
-- released boletos only, and the same per situação. The second replaces 0002's
-- (situacao, vencimento), of which it is an extension.
CREATE INDEX boleto_lista_idx ON boleto (vencimento, garantia_id DESC, parcela) WHERE situacao IS NOT NULL;
CREATE INDEX boleto_situacao_lista_idx ON boleto (situacao, vencimento, garantia_id DESC, parcela);
DROP INDEX IF EXISTS boleto_situacao_venc_idx;

-- Inadimplentes, document lookup and SPC: the open boletos (OPEN_SITUACOES) by due date, with
-- what the overdue sum needs, read from the index alone.
CREATE INDEX boleto_aberto_venc_idx ON boleto (vencimento) INCLUDE (id, garantia_id, valor)
  WHERE situacao IN ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO');

-- Agendamentos filtered by operator (usuario_id) within a month.
CREATE INDEX agendamento_usuario_data_idx ON agendamento (usuario_id, data);

-- Antecipações, administrador's list: newest first.
CREATE INDEX antecipacao_created_idx ON antecipacao (created_at DESC, id DESC);
