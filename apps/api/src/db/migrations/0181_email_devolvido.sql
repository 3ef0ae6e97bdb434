-- Issue 27, late bounces (docs/messaging.md "Bounces", decision 122): an e-mail address a mail
-- server answered with a permanent failure (a DSN with Action: failed and Status 5.x.x) is not
-- written to again. One row per address (lower case), whoever it belongs to: the same address in
-- two shops' views is the same mailbox. The send job suppresses a queued e-mail to it with the
-- reason; the row keeps the message whose bounce taught us, and what the server said.
CREATE TABLE email_devolvido (
  endereco varchar(150) PRIMARY KEY CHECK (endereco = lower(endereco)),
  mensagem_id integer NOT NULL REFERENCES mensagem_outbox (id),
  status varchar(12) NOT NULL,
  motivo varchar(500) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
