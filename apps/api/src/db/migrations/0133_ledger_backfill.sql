-- Backfill of the money ledger (decision 109, docs/financeiro.md "Razão") from the history that
-- existed before it: exactly the transactions the live posting code (modules/ledger, the drafts of
-- packages/domain/src/ledger) would have posted, under the same idempotency keys and content hashes,
-- so the live code never posts them again (a repeat of a key answers the original) and
-- `npm run ledger:check` passes afterwards:
--   antecipação aprovada      antecipacao-aprovada:<id>   on decidido_em, fees from the stored figures
--   consulta                  consulta:<id>               at the shop's valor_consulta, on its day
--   bank liquidação           retorno-item:<id>           valor pago (valor do título when empty), tarifa,
--                                                         encargos/desconto, data de crédito
--                             liquidacao:<boleto>         LIQUIDADO without a retorno line: face value
--   quitar / marcar quitado   quitar:<boleto>             what was still open, once
--   Receber (baixa)           recebido-loja:<boleto>      memo, plus an advance taken back
--   advanced boleto cancelled cancelamento-antecipado:<b> the advance taken back
--   acordo instalment paid    acordo-parcela:<id>         open principal, oldest due date first
--   other retorno lines       retorno-item:<id>           tarifa, or créditos a classificar
-- Mensalidades are not backfilled (nothing records which months were billed; the nightly job
-- charges from its first run on); repasses and perdas did not exist before the ledger.
--
-- Ordering (the drafts depend on a boleto's position): an approved advance comes first (it needs
-- a GARANTIDO boleto); acordo instalments are allocated per acordo in the order they were paid,
-- the acordos of one debtor in the order they were made (one INSERT per round, the rounds being
-- the most acordos one debtor has); quitar, Receber, cancel and liquidação read the allocations
-- and the other events that happened before them by their timestamps.
--
-- Set-based and linear: every step is an INSERT … SELECT of hash joins and GROUP BYs, no row loop.
-- The two deferred balance triggers and the monthly-balance trigger of 0130 would run one query
-- per row (millions at 1 M boletos), so they are disabled while this runs and the same rules are
-- applied set-based at the end: every new transaction balanced, complete and of one date (or the
-- migration fails), and the monthly balances added in one statement. As a superuser the row-by-row
-- foreign-key checks are skipped too (session_replication_role = replica, as the scale seed loads):
-- every reference here comes from a join with the row it names. Runs again harmlessly (the scale
-- seed runs this file after loading; anything already posted is skipped by key).

CREATE TEMP TABLE bf_setting ON COMMIT DROP AS
  SELECT current_setting('session_replication_role') AS replication_role,
         (SELECT coalesce(max(id), 0) FROM ledger_transaction) AS last_tx;
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    PERFORM set_config('session_replication_role', 'replica', true);
  END IF;
END
$$;
-- the sorts and hashes below hold a few hundred thousand rows per million boletos: in memory, not on disk
SET LOCAL work_mem = '64MB';
ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_balanceada;
ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_saldos;
ALTER TABLE ledger_transaction DISABLE TRIGGER ledger_transaction_balanceada;

-- The chart of accounts (packages/domain/src/ledger/accounts.ts, LEDGER_ACCOUNTS).
CREATE TEMP TABLE bf_chart (code text PRIMARY KEY, kind text, owner text, normal_side text, lim text, nome text) ON COMMIT DROP;
INSERT INTO bf_chart VALUES
  ('banco', 'asset', 'none', 'debit', 'none', 'Banco (conta de cobrança)'),
  ('loja_a_pagar', 'liability', 'empresa', 'credit', 'debits', 'A pagar à loja'),
  ('loja_a_receber', 'asset', 'empresa', 'debit', 'credits', 'A receber da loja'),
  ('antecipacao_a_recuperar', 'asset', 'empresa', 'debit', 'credits', 'Antecipações a recuperar'),
  ('devedor_a_recuperar', 'asset', 'pessoa', 'debit', 'credits', 'Dívida em recuperação'),
  ('cobranca_liquidada', 'clearing', 'empresa', 'credit', 'none', 'Cobrança liquidada no banco'),
  ('creditos_a_classificar', 'liability', 'none', 'credit', 'none', 'Créditos no banco a classificar'),
  ('receita_consulta', 'revenue', 'empresa', 'credit', 'none', 'Receita de consultas'),
  ('receita_mensalidade', 'revenue', 'empresa', 'credit', 'none', 'Receita de mensalidade'),
  ('receita_antecipacao_prorata', 'revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: prorata'),
  ('receita_antecipacao_taxa', 'revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: taxa de antecipação'),
  ('receita_antecipacao_taxa_basica', 'revenue', 'empresa', 'credit', 'none', 'Receita de antecipação: taxa básica'),
  ('receita_encargos', 'revenue', 'empresa', 'credit', 'none', 'Receita de encargos (juros e multa recebidos)'),
  ('receita_acordo', 'revenue', 'none', 'credit', 'none', 'Receita de acordos (encargos de cobrança)'),
  ('despesa_tarifa', 'expense', 'empresa', 'debit', 'none', 'Tarifas bancárias'),
  ('despesa_tarifa_geral', 'expense', 'none', 'debit', 'none', 'Tarifas bancárias da garantidora'),
  ('despesa_desconto', 'expense', 'empresa', 'debit', 'none', 'Pagamentos a menor no banco'),
  ('despesa_perda', 'expense', 'empresa', 'debit', 'none', 'Perdas com inadimplência'),
  ('memo_recebido_loja', 'memo', 'empresa', 'debit', 'none', 'Recebido diretamente pela loja (memória)'),
  ('memo_contrapartida', 'memo', 'none', 'credit', 'none', 'Contrapartida das contas de memória');

-- The drafts: one row per transaction, one per line (a line of zero is no line, as pushLine).
CREATE TEMP TABLE bf_tx (
  key text PRIMARY KEY, kind text NOT NULL, occurred_on date NOT NULL, description text NOT NULL,
  boleto_id integer, boleto_avulso_id integer, antecipacao_id integer, acordo_id integer, acordo_parcela_id integer,
  retorno_item_id bigint, consulta_id integer, empresa_id integer, pessoa_id integer, usuario_id integer
) ON COMMIT DROP;
CREATE TEMP TABLE bf_line (key text NOT NULL, code text NOT NULL, empresa_id integer, pessoa_id integer, side text NOT NULL, amount bigint NOT NULL, boleto_id integer) ON COMMIT DROP;

-- 1. Advances approved: each boleto's value to recover, the bank pays total_antecipacao, the fees are revenue.
INSERT INTO bf_tx (key, kind, occurred_on, description, antecipacao_id, empresa_id, usuario_id)
  SELECT 'antecipacao-aprovada:' || a.id, 'antecipacao', (a.decidido_em AT TIME ZONE 'America/Sao_Paulo')::date,
         'Antecipação nº ' || a.id || ' aprovada (' || (SELECT count(*) FROM antecipacao_boleto ab WHERE ab.antecipacao_id = a.id) || ' boleto(s))',
         a.id, a.empresa_id, a.decidido_por
    FROM antecipacao a WHERE a.situacao = 'APROVADA';
INSERT INTO bf_line (key, code, empresa_id, side, amount, boleto_id)
  SELECT 'antecipacao-aprovada:' || a.id, 'antecipacao_a_recuperar', a.empresa_id, 'debit', (ab.valor * 100)::bigint, ab.boleto_id
    FROM antecipacao a JOIN antecipacao_boleto ab ON ab.antecipacao_id = a.id WHERE a.situacao = 'APROVADA'
  UNION ALL
  SELECT 'antecipacao-aprovada:' || a.id, x.code, CASE WHEN x.code = 'banco' THEN NULL ELSE a.empresa_id END, 'credit', x.amount, NULL
    FROM antecipacao a
   CROSS JOIN LATERAL (VALUES ('banco', (a.total_antecipacao * 100)::bigint), ('receita_antecipacao_prorata', (a.total_prorata * 100)::bigint),
                              ('receita_antecipacao_taxa', (a.total_taxa_antecipacao * 100)::bigint), ('receita_antecipacao_taxa_basica', (a.taxa_basica * 100)::bigint)) x (code, amount)
   WHERE a.situacao = 'APROVADA' AND x.amount > 0;

-- 2. Consultas, billed at the shop's valor_consulta.
INSERT INTO bf_tx (key, kind, occurred_on, description, consulta_id, empresa_id)
  SELECT 'consulta:' || c.id, 'consulta', (c.created_at AT TIME ZONE 'America/Sao_Paulo')::date, 'Consulta de documento nº ' || c.id, c.id, c.empresa_id
    FROM consulta_documento c JOIN empresa e ON e.id = c.empresa_id WHERE e.valor_consulta > 0;
INSERT INTO bf_line (key, code, empresa_id, side, amount)
  SELECT 'consulta:' || c.id, x.code, c.empresa_id, x.side, (e.valor_consulta * 100)::bigint
    FROM consulta_documento c JOIN empresa e ON e.id = c.empresa_id
   CROSS JOIN (VALUES ('loja_a_receber', 'debit'), ('receita_consulta', 'credit')) x (code, side)
   WHERE e.valor_consulta > 0;

-- 3. Retorno lines that liquidate no boleto (post-retorno-line.ts): a liquidação the bank credited
-- that nothing took (a boleto avulso, or a boleto already settled: IGNORADO) enters the bank as
-- créditos a classificar; any other line of ours with a fee posts the fee.
CREATE TEMP TABLE bf_item ON COMMIT DROP AS
  SELECT ri.id, ri.retorno_id, ri.linha, ri.boleto_id, ri.boleto_avulso_id,
         coalesce(b.empresa_id, av.empresa_id) AS empresa_id,
         ri.categoria = 'liquidacao' AND (ri.resultado = 'IGNORADO' OR (ri.boleto_avulso_id IS NOT NULL AND ri.situacao_para = 'LIQUIDADO')) AS credited,
         (CASE WHEN ri.valor_pago > 0 THEN ri.valor_pago ELSE ri.valor_titulo END * 100)::bigint AS paid,
         (greatest(ri.valor_tarifa, 0) * 100)::bigint AS fee,
         coalesce(ri.data_credito, ri.data_ocorrencia, (ri.created_at AT TIME ZONE 'America/Sao_Paulo')::date) AS dia,
         CASE WHEN ri.boleto_id IS NOT NULL THEN 'boleto nº ' || ri.boleto_id ELSE 'boleto avulso nº ' || ri.boleto_avulso_id END
           || ', retorno nº ' || ri.retorno_id || ', linha ' || ri.linha AS rotulo
    FROM retorno_item ri
    LEFT JOIN boleto b ON b.id = ri.boleto_id
    LEFT JOIN boleto_avulso av ON av.id = ri.boleto_avulso_id
   WHERE (ri.boleto_id IS NOT NULL OR ri.boleto_avulso_id IS NOT NULL)
     AND ri.resultado NOT IN ('JA_APLICADO', 'NAO_ENCONTRADO')
     AND NOT (ri.boleto_id IS NOT NULL AND ri.categoria = 'liquidacao' AND ri.resultado = 'APLICADO' AND ri.situacao_para = 'LIQUIDADO');
INSERT INTO bf_tx (key, kind, occurred_on, description, boleto_id, boleto_avulso_id, retorno_item_id, empresa_id)
  SELECT 'retorno-item:' || i.id, CASE WHEN i.credited THEN 'credito_a_classificar' ELSE 'tarifa' END, i.dia,
         CASE WHEN i.credited THEN 'Crédito no banco a classificar: ' ELSE 'Tarifa bancária: ' END || i.rotulo,
         i.boleto_id, i.boleto_avulso_id, i.id, i.empresa_id
    FROM bf_item i WHERE i.fee > 0 OR (i.credited AND i.paid > 0);
INSERT INTO bf_line (key, code, empresa_id, side, amount, boleto_id)
  SELECT 'retorno-item:' || i.id, x.code, CASE WHEN x.code = 'despesa_tarifa' THEN i.empresa_id END, x.side, x.amount, i.boleto_id
    FROM bf_item i
   CROSS JOIN LATERAL (VALUES
       ('banco', 'debit', CASE WHEN i.credited THEN i.paid ELSE 0 END),
       ('creditos_a_classificar', 'credit', CASE WHEN i.credited THEN i.paid ELSE 0 END),
       (CASE WHEN i.empresa_id IS NULL THEN 'despesa_tarifa_geral' ELSE 'despesa_tarifa' END, 'debit', i.fee),
       ('banco', 'credit', i.fee)) x (code, side, amount)
   WHERE x.amount > 0;

-- 4. The boletos with money events, and when each event happened: the first change into its
-- situações in the history (or, without one, the boleto's current situação at its last update).
CREATE TEMP TABLE bf_liq ON COMMIT DROP AS
  SELECT DISTINCT ON (ri.boleto_id) ri.boleto_id, ri.id AS item_id, ri.created_at AS at,
         (CASE WHEN ri.valor_pago > 0 THEN ri.valor_pago ELSE ri.valor_titulo END * 100)::bigint AS paid,
         (greatest(ri.valor_tarifa, 0) * 100)::bigint AS fee,
         coalesce(ri.data_credito, ri.data_ocorrencia, (ri.created_at AT TIME ZONE 'America/Sao_Paulo')::date) AS dia
    FROM retorno_item ri
   WHERE ri.boleto_id IS NOT NULL AND ri.categoria = 'liquidacao' AND ri.resultado = 'APLICADO' AND ri.situacao_para = 'LIQUIDADO'
   ORDER BY ri.boleto_id, ri.created_at, ri.id;
CREATE TEMP TABLE bf_hist ON COMMIT DROP AS
  SELECT h.boleto_id,
         min(h.created_at) FILTER (WHERE h.para = 'QUITADO') AS h_at,
         min(h.created_at) FILTER (WHERE h.para IN ('ENVIADO PARA BAIXA', 'BAIXADO')) AS r_at,
         min(h.created_at) FILTER (WHERE h.para IN ('ENVIADO PARA CANCELAMENTO', 'CANCELADO SR', 'BAIXADO (CANCELADO)', 'CANCELADO')) AS c_at,
         min(h.created_at) FILTER (WHERE h.para = 'LIQUIDADO') AS l_at
    FROM boleto_historico h
   WHERE h.para IN ('QUITADO', 'ENVIADO PARA BAIXA', 'BAIXADO', 'ENVIADO PARA CANCELAMENTO', 'CANCELADO SR', 'BAIXADO (CANCELADO)', 'CANCELADO', 'LIQUIDADO')
   GROUP BY h.boleto_id;
CREATE TEMP TABLE bf_adv ON COMMIT DROP AS
  SELECT ab.boleto_id, sum((ab.valor * 100)::bigint) AS antecipado
    FROM antecipacao_boleto ab JOIN antecipacao a ON a.id = ab.antecipacao_id
   WHERE a.situacao = 'APROVADA' GROUP BY ab.boleto_id;
CREATE TEMP TABLE bf_boleto ON COMMIT DROP AS
  SELECT b.id, g.id || '-' || g.digito || '/' || b.parcela AS rotulo, (b.valor * 100)::bigint AS valor, b.vencimento, g.empresa_id, g.pessoa_id,
         coalesce(adv.antecipado, 0) AS antecipado,
         coalesce(h.h_at, CASE WHEN b.situacao = 'QUITADO' THEN b.updated_at END) AS h_at,
         coalesce(h.r_at, CASE WHEN b.situacao IN ('ENVIADO PARA BAIXA', 'BAIXADO') THEN b.updated_at END) AS r_at,
         coalesce(h.c_at, CASE WHEN b.situacao IN ('ENVIADO PARA CANCELAMENTO', 'CANCELADO SR', 'BAIXADO (CANCELADO)', 'CANCELADO') THEN b.updated_at END) AS c_at,
         coalesce(l.at, h.l_at, CASE WHEN b.situacao = 'LIQUIDADO' THEN b.updated_at END) AS l_at,
         l.item_id, l.paid, l.fee, l.dia AS l_dia
    FROM boleto b
    JOIN garantia g ON g.id = b.garantia_id
    LEFT JOIN bf_hist h ON h.boleto_id = b.id
    LEFT JOIN bf_liq l ON l.boleto_id = b.id
    LEFT JOIN bf_adv adv ON adv.boleto_id = b.id
   WHERE h.boleto_id IS NOT NULL OR l.boleto_id IS NOT NULL OR adv.boleto_id IS NOT NULL
      OR b.situacao IN ('QUITADO', 'ENVIADO PARA BAIXA', 'BAIXADO', 'ENVIADO PARA CANCELAMENTO', 'CANCELADO SR', 'BAIXADO (CANCELADO)', 'CANCELADO', 'LIQUIDADO')
      OR EXISTS (SELECT 1 FROM acordo_boleto ab WHERE ab.boleto_id = b.id);
ALTER TABLE bf_boleto ADD PRIMARY KEY (id);
-- temporary tables have no statistics unless analysed: without them the planner expects a few rows and loops
ANALYZE bf_item, bf_liq, bf_hist, bf_adv, bf_boleto;

-- 5. Acordo instalments: each paid instalment takes the covered boletos' open principal, oldest due
-- date first (allocateAcordoPayment): the overlap of the instalment's slice of the acordo's paid
-- total with each boleto's slice of the open total. The acordos of one debtor in the order made
-- (a cancelled acordo's payments stay credited, so the next one starts from what is still open).
CREATE TEMP TABLE bf_alloc (parcela_id integer NOT NULL, boleto_id integer NOT NULL, amount bigint NOT NULL, paid_at timestamptz NOT NULL) ON COMMIT DROP;
CREATE TEMP TABLE bf_acordo ON COMMIT DROP AS
  SELECT a.id, row_number() OVER (PARTITION BY a.pessoa_id ORDER BY a.created_at, a.id) AS rodada
    FROM acordo a WHERE EXISTS (SELECT 1 FROM acordo_parcela p WHERE p.acordo_id = a.id AND p.situacao = 'Paga' AND p.valor > 0);
DO $$
DECLARE
  r bigint;
BEGIN
  FOR r IN SELECT DISTINCT rodada FROM bf_acordo ORDER BY rodada LOOP
    INSERT INTO bf_alloc (parcela_id, boleto_id, amount, paid_at)
    WITH ja AS (
      SELECT x.boleto_id, sum(x.amount) AS recuperado FROM bf_alloc x GROUP BY x.boleto_id
    ), bol AS (
      SELECT ab.acordo_id, b.id AS boleto_id, greatest(0, b.valor - coalesce(ja.recuperado, 0)) AS aberto, b.vencimento
        FROM bf_acordo ac
        JOIN acordo_boleto ab ON ab.acordo_id = ac.id
        JOIN bf_boleto b ON b.id = ab.boleto_id
        LEFT JOIN ja ON ja.boleto_id = b.id
       WHERE ac.rodada = r
    ), bol_fim AS (
      SELECT bol.*, sum(aberto) OVER (PARTITION BY acordo_id ORDER BY vencimento, boleto_id) AS fim FROM bol
    ), par AS (
      SELECT p.id, p.acordo_id, (p.valor * 100)::bigint AS valor, p.pago_em,
             sum((p.valor * 100)::bigint) OVER (PARTITION BY p.acordo_id ORDER BY p.pago_em, p.id) AS fim
        FROM bf_acordo ac JOIN acordo_parcela p ON p.acordo_id = ac.id
       WHERE ac.rodada = r AND p.situacao = 'Paga' AND p.valor > 0
    )
    SELECT par.id, bol_fim.boleto_id, least(par.fim, bol_fim.fim) - greatest(par.fim - par.valor, bol_fim.fim - bol_fim.aberto), par.pago_em
      FROM par JOIN bol_fim ON bol_fim.acordo_id = par.acordo_id
     WHERE least(par.fim, bol_fim.fim) - greatest(par.fim - par.valor, bol_fim.fim - bol_fim.aberto) > 0;
  END LOOP;
END
$$;
CREATE INDEX bf_alloc_boleto_idx ON bf_alloc (boleto_id, paid_at);
ANALYZE bf_alloc, bf_acordo;

-- 6. Each boleto's position at its events: what acordos recovered before quitar, Receber, cancel
-- and the liquidação; whether quitar posted (something was open) and whether the shop took an
-- advance back (Receber or cancel of an advanced boleto with something of the advance open).
CREATE TEMP TABLE bf_pos ON COMMIT DROP AS
  SELECT b.*,
         b.valor - coalesce((SELECT sum(x.amount) FROM bf_alloc x WHERE x.boleto_id = b.id AND x.paid_at < b.h_at), 0) AS h_aberto,
         coalesce((SELECT sum(x.amount) FROM bf_alloc x WHERE x.boleto_id = b.id AND x.paid_at < least(b.r_at, b.c_at)), 0) AS t_recuperado,
         b.valor - coalesce((SELECT sum(x.amount) FROM bf_alloc x WHERE x.boleto_id = b.id AND x.paid_at < b.l_at), 0) AS l_aberto
    FROM bf_boleto b;
ALTER TABLE bf_pos ADD COLUMN honrado boolean, ADD COLUMN t_at timestamptz, ADD COLUMN t_valor bigint;
-- quitar posts when something is open; Receber or cancel (whichever came first) takes back the advance still open
UPDATE bf_pos SET honrado = h_at IS NOT NULL AND h_aberto > 0,
                  t_valor = CASE WHEN antecipado > 0 AND least(r_at, c_at) IS NOT NULL AND (h_at IS NULL OR h_aberto <= 0 OR h_at > least(r_at, c_at))
                                 THEN greatest(0, antecipado - t_recuperado) ELSE 0 END;
UPDATE bf_pos SET t_at = least(r_at, c_at) WHERE t_valor > 0;
ANALYZE bf_pos;

-- The account the payer's money for boleto p goes to at time t (BoletoPosition.destino).
CREATE FUNCTION pg_temp.bf_destino(p bf_pos, t timestamptz) RETURNS text
LANGUAGE sql STABLE AS $fn$
  SELECT CASE WHEN p.honrado AND p.h_at < t THEN 'devedor_a_recuperar'
              WHEN p.antecipado > 0 AND (p.t_at IS NULL OR p.t_at >= t) THEN 'antecipacao_a_recuperar'
              ELSE 'loja_a_pagar' END
$fn$;

-- 7. quitar: the shop paid what is open (the advance already paid it: the debt moves from the advance)
INSERT INTO bf_tx (key, kind, occurred_on, description, boleto_id, empresa_id, pessoa_id)
  SELECT 'quitar:' || p.id, 'honra', (p.h_at AT TIME ZONE 'America/Sao_Paulo')::date,
         CASE WHEN pg_temp.bf_destino(p, p.h_at) = 'antecipacao_a_recuperar' THEN 'Boleto antecipado ' || p.rotulo || ' quitado: dívida em recuperação'
              ELSE 'Boleto ' || p.rotulo || ' quitado à loja: dívida em recuperação' END,
         p.id, p.empresa_id, p.pessoa_id
    FROM bf_pos p WHERE p.honrado;
INSERT INTO bf_line (key, code, empresa_id, pessoa_id, side, amount, boleto_id)
  SELECT 'quitar:' || p.id, 'devedor_a_recuperar', NULL, p.pessoa_id, 'debit', p.h_aberto, p.id FROM bf_pos p WHERE p.honrado
  UNION ALL
  SELECT 'quitar:' || p.id, pg_temp.bf_destino(p, p.h_at), p.empresa_id, NULL, 'credit', p.h_aberto, p.id FROM bf_pos p WHERE p.honrado;

-- 8. Receber: the memo of what the customer paid the shop, and the advance it takes back.
INSERT INTO bf_tx (key, kind, occurred_on, description, boleto_id, empresa_id, pessoa_id)
  SELECT 'recebido-loja:' || p.id, 'recebido_loja', (p.r_at AT TIME ZONE 'America/Sao_Paulo')::date,
         CASE WHEN pg_temp.bf_destino(p, p.r_at) = 'antecipacao_a_recuperar' THEN 'Boleto ' || p.rotulo || ' recebido pela loja: antecipação a devolver'
              ELSE 'Boleto ' || p.rotulo || ' recebido pela loja' END,
         p.id, p.empresa_id, p.pessoa_id
    FROM bf_pos p WHERE p.r_at IS NOT NULL;
INSERT INTO bf_line (key, code, empresa_id, side, amount, boleto_id)
  SELECT 'recebido-loja:' || p.id, x.code, CASE WHEN x.code = 'memo_contrapartida' THEN NULL ELSE p.empresa_id END, x.side, x.amount, p.id
    FROM bf_pos p
   CROSS JOIN LATERAL (VALUES ('memo_recebido_loja', 'debit', p.valor), ('memo_contrapartida', 'credit', p.valor),
                              ('loja_a_receber', 'debit', CASE WHEN p.t_at = p.r_at THEN p.t_valor ELSE 0 END),
                              ('antecipacao_a_recuperar', 'credit', CASE WHEN p.t_at = p.r_at THEN p.t_valor ELSE 0 END)) x (code, side, amount)
   WHERE p.r_at IS NOT NULL AND x.amount > 0;

-- 9. An advanced boleto cancelled: the advance becomes a debt of the shop.
INSERT INTO bf_tx (key, kind, occurred_on, description, boleto_id, empresa_id, pessoa_id)
  SELECT 'cancelamento-antecipado:' || p.id, 'cancelamento_antecipado', (p.c_at AT TIME ZONE 'America/Sao_Paulo')::date,
         'Boleto antecipado ' || p.rotulo || ' cancelado: antecipação a devolver', p.id, p.empresa_id, p.pessoa_id
    FROM bf_pos p WHERE p.t_at = p.c_at AND p.t_at IS DISTINCT FROM p.r_at;
INSERT INTO bf_line (key, code, empresa_id, side, amount, boleto_id)
  SELECT 'cancelamento-antecipado:' || p.id, x.code, p.empresa_id, x.side, p.t_valor, p.id
    FROM bf_pos p CROSS JOIN (VALUES ('loja_a_receber', 'debit'), ('antecipacao_a_recuperar', 'credit')) x (code, side)
   WHERE p.t_at = p.c_at AND p.t_at IS DISTINCT FROM p.r_at;

-- 10. Acordo instalments: the bank receives the instalment, each allocation goes to whoever is owed
-- that boleto at the time it was paid, the rest is the acordo's revenue.
INSERT INTO bf_tx (key, kind, occurred_on, description, acordo_id, acordo_parcela_id, pessoa_id, usuario_id)
  SELECT 'acordo-parcela:' || p.id, 'acordo_pagamento', (p.pago_em AT TIME ZONE 'America/Sao_Paulo')::date,
         'Acordo nº ' || p.acordo_id || ': parcela ' || p.parcela || ' recebida', p.acordo_id, p.id, a.pessoa_id, p.pago_por
    FROM bf_acordo ac JOIN acordo a ON a.id = ac.id JOIN acordo_parcela p ON p.acordo_id = a.id
   WHERE p.situacao = 'Paga' AND p.valor > 0;
INSERT INTO bf_line (key, code, empresa_id, pessoa_id, side, amount, boleto_id)
  SELECT 'acordo-parcela:' || p.id, 'banco', NULL, NULL, 'debit', (p.valor * 100)::bigint, NULL
    FROM bf_acordo ac JOIN acordo_parcela p ON p.acordo_id = ac.id WHERE p.situacao = 'Paga' AND p.valor > 0
  UNION ALL
  SELECT 'acordo-parcela:' || x.parcela_id, d.code, CASE WHEN d.code = 'devedor_a_recuperar' THEN NULL ELSE b.empresa_id END,
         CASE WHEN d.code = 'devedor_a_recuperar' THEN b.pessoa_id END, 'credit', x.amount, x.boleto_id
    FROM bf_alloc x JOIN bf_pos b ON b.id = x.boleto_id CROSS JOIN LATERAL (SELECT pg_temp.bf_destino(b, x.paid_at) AS code) d
  UNION ALL
  SELECT 'acordo-parcela:' || p.id, 'receita_acordo', NULL, NULL, 'credit',
         (p.valor * 100)::bigint - coalesce((SELECT sum(x.amount) FROM bf_alloc x WHERE x.parcela_id = p.id), 0), NULL
    FROM bf_acordo ac JOIN acordo_parcela p ON p.acordo_id = ac.id WHERE p.situacao = 'Paga' AND p.valor > 0;

-- 11. The bank paid the boleto (liquidacaoDraft): through the shop's transit account to whoever is
-- owed the principal still open, encargos above it, desconto below it, the fee an expense. Without
-- a retorno line: at face value, no fee, on the day it became LIQUIDADO.
CREATE TEMP TABLE bf_pago ON COMMIT DROP AS
  SELECT p.id, p.rotulo, p.empresa_id, p.pessoa_id, p.item_id,
         CASE WHEN p.item_id IS NOT NULL THEN 'retorno-item:' || p.item_id ELSE 'liquidacao:' || p.id END AS key,
         coalesce(p.paid, p.valor) AS paid, coalesce(p.fee, 0) AS fee, greatest(0, p.l_aberto) AS principal,
         coalesce(p.l_dia, (p.l_at AT TIME ZONE 'America/Sao_Paulo')::date) AS dia,
         pg_temp.bf_destino(p, p.l_at) AS destino
    FROM bf_pos p WHERE p.l_at IS NOT NULL;
ANALYZE bf_pago;
INSERT INTO bf_tx (key, kind, occurred_on, description, boleto_id, retorno_item_id, empresa_id, pessoa_id)
  SELECT l.key, 'liquidacao', l.dia, 'Boleto ' || l.rotulo || ' pago no banco', l.id, l.item_id, l.empresa_id, l.pessoa_id
    FROM bf_pago l;
INSERT INTO bf_line (key, code, empresa_id, pessoa_id, side, amount, boleto_id)
  SELECT l.key, x.code,
         CASE WHEN x.code IN ('banco', 'devedor_a_recuperar') THEN NULL ELSE l.empresa_id END,
         CASE WHEN x.code = 'devedor_a_recuperar' THEN l.pessoa_id END, x.side, x.amount, l.id
    FROM bf_pago l
   CROSS JOIN LATERAL (VALUES
       ('banco', 'debit', l.paid),
       ('cobranca_liquidada', 'credit', l.paid),
       ('cobranca_liquidada', 'debit', l.paid),
       (l.destino, 'credit', l.principal),
       ('receita_encargos', 'credit', CASE WHEN l.paid >= l.principal THEN l.paid - l.principal ELSE 0 END),
       ('despesa_desconto', 'debit', CASE WHEN l.paid < l.principal THEN l.principal - l.paid ELSE 0 END),
       ('despesa_tarifa', 'debit', l.fee),
       ('banco', 'credit', l.fee)) x (code, side, amount)
   WHERE x.amount > 0;

-- 12. Post: lines of zero are no lines; a transaction with fewer than two lines posts nothing
-- (nothing paid and nothing open); what was already posted (a key of a running database) is skipped.
DELETE FROM bf_line WHERE amount = 0;
CREATE INDEX bf_line_key_idx ON bf_line (key);
ANALYZE bf_tx, bf_line;
CREATE TEMP TABLE bf_sum ON COMMIT DROP AS
  SELECT l.key, count(*)::int AS entry_count,
         sum(l.amount) FILTER (WHERE l.side = 'debit') AS debits, sum(l.amount) FILTER (WHERE l.side = 'credit') AS credits,
         '[' || string_agg('"' || a.key || '|' || l.side || '|' || l.amount || '|' || coalesce(l.boleto_id::text, '') || '"', ','
                           ORDER BY (a.key || '|' || l.side || '|' || l.amount || '|' || coalesce(l.boleto_id::text, '')) COLLATE "C") || ']' AS linhas
    FROM bf_line l
   CROSS JOIN LATERAL (SELECT CASE c.owner WHEN 'empresa' THEN l.code || ':e' || l.empresa_id WHEN 'pessoa' THEN l.code || ':p' || l.pessoa_id ELSE l.code END AS key
                         FROM bf_chart c WHERE c.code = l.code) a
   GROUP BY l.key;
ALTER TABLE bf_sum ADD PRIMARY KEY (key);
ANALYZE bf_sum;
DELETE FROM bf_tx t WHERE NOT EXISTS (SELECT 1 FROM bf_sum s WHERE s.key = t.key AND s.entry_count >= 2)
                       OR EXISTS (SELECT 1 FROM ledger_transaction lt WHERE lt.idempotency_key = t.key);
DO $$
DECLARE
  bad text;
BEGIN
  SELECT s.key INTO bad FROM bf_sum s JOIN bf_tx t ON t.key = s.key WHERE s.debits IS DISTINCT FROM s.credits LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'Carga do razão: lançamento % desbalanceado.', bad USING ERRCODE = 'check_violation';
  END IF;
END
$$;

-- The new rows go in without the two tables' secondary indexes, which are built again afterwards
-- from their own definitions: maintaining five indexes row by row over millions of entries in
-- random order took most of the time at 1 M boletos (115 s of 243 s for the entries alone). The
-- tables are locked by the ALTER TABLEs above until commit, and rebuilding a unique index checks it.
CREATE TEMP TABLE bf_indexes ON COMMIT DROP AS
  SELECT i.indexname, i.indexdef FROM pg_indexes i
   WHERE i.schemaname = current_schema() AND i.tablename IN ('ledger_transaction', 'ledger_entry')
     AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'));
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT indexname FROM bf_indexes ORDER BY indexname LOOP
    EXECUTE format('DROP INDEX %I', r.indexname);
  END LOOP;
END
$$;

INSERT INTO ledger_account (key, code, kind, normal_side, empresa_id, pessoa_id, debits_must_not_exceed_credits, credits_must_not_exceed_debits, name)
  SELECT DISTINCT ON (k.key) k.key, c.code, c.kind, c.normal_side,
         CASE WHEN c.owner = 'empresa' THEN k.empresa_id END, CASE WHEN c.owner = 'pessoa' THEN k.pessoa_id END,
         c.lim = 'debits', c.lim = 'credits', c.nome
    FROM (SELECT DISTINCT l.code, l.empresa_id, l.pessoa_id,
                 CASE ch.owner WHEN 'empresa' THEN l.code || ':e' || l.empresa_id WHEN 'pessoa' THEN l.code || ':p' || l.pessoa_id ELSE l.code END AS key
            FROM bf_line l JOIN bf_chart ch ON ch.code = l.code) k
    JOIN bf_chart c ON c.code = k.code
   ORDER BY k.key
  ON CONFLICT (key) DO NOTHING;

-- in date order, as if posted as they happened (ids follow the business dates)
INSERT INTO ledger_transaction (idempotency_key, kind, occurred_on, description, content_hash, entry_count, total_cents,
                                boleto_id, boleto_avulso_id, antecipacao_id, acordo_id, acordo_parcela_id, retorno_item_id, consulta_id,
                                empresa_id, pessoa_id, usuario_id)
  SELECT t.key, t.kind, t.occurred_on, left(t.description, 300),
         encode(sha256(convert_to('["' || t.kind || '","' || to_char(t.occurred_on, 'YYYY-MM-DD') || '",null,' || s.linhas || ']', 'UTF8')), 'hex'),
         s.entry_count, s.debits,
         t.boleto_id, t.boleto_avulso_id, t.antecipacao_id, t.acordo_id, t.acordo_parcela_id, t.retorno_item_id, t.consulta_id,
         t.empresa_id, t.pessoa_id, t.usuario_id
    FROM bf_tx t JOIN bf_sum s ON s.key = t.key
   ORDER BY t.occurred_on, t.key;
-- the new rows' statistics, so the joins below hash instead of looping over an "empty" table
ANALYZE ledger_transaction, ledger_account;

INSERT INTO ledger_entry (transaction_id, account_id, side, amount_cents, occurred_on, boleto_id)
  SELECT lt.id, a.id, l.side, l.amount, lt.occurred_on, l.boleto_id
    FROM bf_tx t
    JOIN ledger_transaction lt ON lt.idempotency_key = t.key
    JOIN bf_line l ON l.key = t.key
    JOIN bf_chart c ON c.code = l.code
    JOIN ledger_account a ON a.key = CASE c.owner WHEN 'empresa' THEN l.code || ':e' || l.empresa_id WHEN 'pessoa' THEN l.code || ':p' || l.pessoa_id ELSE l.code END;

DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT indexdef FROM bf_indexes ORDER BY indexname LOOP
    EXECUTE r.indexdef;
  END LOOP;
END
$$;
ANALYZE ledger_transaction, ledger_entry;

-- 13. What the disabled triggers would have done, set-based: every new transaction complete and
-- balanced (ledger_verifica_transacao), and the monthly balances (ledger_saldos_mensais).
DO $$
DECLARE
  bad text;
BEGIN
  SELECT lt.idempotency_key INTO bad
    FROM ledger_transaction lt
    LEFT JOIN (SELECT e.transaction_id, count(*) AS k,
                      coalesce(sum(e.amount_cents) FILTER (WHERE e.side = 'debit'), 0) AS d,
                      coalesce(sum(e.amount_cents) FILTER (WHERE e.side = 'credit'), 0) AS c
                 FROM ledger_entry e WHERE e.transaction_id > (SELECT last_tx FROM bf_setting) GROUP BY e.transaction_id) e ON e.transaction_id = lt.id
   WHERE lt.id > (SELECT last_tx FROM bf_setting)
     AND (e.k IS DISTINCT FROM lt.entry_count::bigint OR e.d IS DISTINCT FROM lt.total_cents OR e.c IS DISTINCT FROM lt.total_cents)
   LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'Carga do razão: lançamento % desbalanceado ou incompleto.', bad USING ERRCODE = 'check_violation';
  END IF;
END
$$;
INSERT INTO ledger_balance_month AS m (account_id, month, debits_cents, credits_cents)
  SELECT e.account_id, date_trunc('month', e.occurred_on)::date,
         coalesce(sum(e.amount_cents) FILTER (WHERE e.side = 'debit'), 0), coalesce(sum(e.amount_cents) FILTER (WHERE e.side = 'credit'), 0)
    FROM ledger_entry e WHERE e.transaction_id > (SELECT last_tx FROM bf_setting)
   GROUP BY 1, 2
  ON CONFLICT (account_id, month) DO UPDATE
    SET debits_cents = m.debits_cents + EXCLUDED.debits_cents, credits_cents = m.credits_cents + EXCLUDED.credits_cents;

ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_balanceada;
ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_saldos;
ALTER TABLE ledger_transaction ENABLE TRIGGER ledger_transaction_balanceada;
DO $$
BEGIN
  IF current_setting('session_replication_role') <> (SELECT replication_role FROM bf_setting) THEN
    PERFORM set_config('session_replication_role', (SELECT replication_role FROM bf_setting), true);
  END IF;
END
$$;
DROP FUNCTION pg_temp.bf_destino(bf_pos, timestamptz);
DROP TABLE bf_indexes, bf_setting, bf_chart, bf_tx, bf_line, bf_item, bf_liq, bf_hist, bf_adv, bf_boleto, bf_alloc, bf_acordo, bf_pos, bf_pago, bf_sum;
