-- The shop's Extrato and the Repasses list (issue 24, docs/extrato-repasses.md). The Extrato pages
-- a shop's movements by keyset on (occurred_on, transaction_id) over its two accounts (loja_a_pagar,
-- loja_a_receber): with this index each page is a range scan that stops after the page's rows, and
-- the running balance before a page adds only that day's entries up to the cursor — never every
-- movement of a shop with 100 k of them. The list of every repasse is read newest first.
CREATE INDEX ledger_entry_account_transaction_idx ON ledger_entry (account_id, occurred_on, transaction_id);
CREATE INDEX repasse_data_idx ON repasse (data DESC, id DESC);
