-- Messaging outbox (WhatsApp / e-mail; docs/cobranca.md "Messaging outbox"). 0002 created a
-- placeholder table that nothing wrote to; this gives it the shape the messaging adapter uses: a
-- message is inserted in the transaction of the use-case that sends it, then a background job hands
-- it to the provider (MESSAGING_PROVIDER) and records the outcome. Columns are renamed, not dropped,
-- so any row a deployment might hold survives.
ALTER TABLE mensagem_outbox DROP CONSTRAINT IF EXISTS mensagem_outbox_canal_check;
ALTER TABLE mensagem_outbox RENAME COLUMN canal TO channel;
ALTER TABLE mensagem_outbox RENAME COLUMN destino TO recipient;
ALTER TABLE mensagem_outbox RENAME COLUMN assunto TO subject;
ALTER TABLE mensagem_outbox RENAME COLUMN corpo TO text;
ALTER TABLE mensagem_outbox RENAME COLUMN usuario_id TO created_by;
ALTER TABLE mensagem_outbox RENAME COLUMN referencia TO entity_id;
UPDATE mensagem_outbox SET channel = lower(channel), status = CASE upper(status) WHEN 'ENVIADA' THEN 'enviada' WHEN 'FALHOU' THEN 'falhou' ELSE 'pendente' END;
ALTER TABLE mensagem_outbox
  ALTER COLUMN status SET DEFAULT 'pendente',
  ALTER COLUMN entity_id TYPE varchar(40),
  -- an optional link the message points to (signature page, receipt); providers may render it
  ADD COLUMN link varchar(500),
  -- what the message is about ('spc_inclusao', 'garantia', …), with entity_id
  ADD COLUMN entity varchar(40),
  -- send attempts so far and the last provider error (kept after a later success, for the record)
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD CONSTRAINT mensagem_outbox_channel_check CHECK (channel IN ('whatsapp','email')),
  ADD CONSTRAINT mensagem_outbox_status_check CHECK (status IN ('pendente','enviada','falhou')),
  ADD CONSTRAINT mensagem_outbox_sent_check CHECK ((status = 'enviada') = (sent_at IS NOT NULL));
CREATE INDEX mensagem_outbox_created_idx ON mensagem_outbox (created_at DESC, id DESC);
CREATE INDEX mensagem_outbox_pendente_idx ON mensagem_outbox (created_at) WHERE status = 'pendente';
CREATE INDEX mensagem_outbox_entity_idx ON mensagem_outbox (entity, entity_id);
