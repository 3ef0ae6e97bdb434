-- The régua's one-a-day count (modules/regua/despachar-envios.ts) leaves out the outbox messages
-- the régua itself wrote (they are counted from regua_envio by the app's clock): a lookup of
-- regua_envio by mensagem_id for each of the person's messages of the day, by index at any size.
CREATE INDEX regua_envio_mensagem_idx ON regua_envio (mensagem_id) WHERE mensagem_id IS NOT NULL;
