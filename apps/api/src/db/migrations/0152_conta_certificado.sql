-- The conta de cobrança's client certificate for its bank's API (issue 26, docs/banks.md
-- "Certificados e TLS mútuo"): every call to a bank that requires mutual TLS goes with it.
-- The certificate and its private key are kept as PEM inside one value sealed with AES-256-GCM
-- (the same box as the client secret, modules/banco/conta-banco.ts): the key is never stored in
-- clear and never answered. What the screens show (subject, issuer, serial, validity) is kept
-- beside it in clear, read from the certificate when it was uploaded.
ALTER TABLE conta_cobranca
  -- sealed JSON { cert, key } (PEM): certificate (and its chain) and the private key
  ADD COLUMN certificado_pem text,
  ADD COLUMN certificado_subject varchar(300),
  ADD COLUMN certificado_emissor varchar(300),
  ADD COLUMN certificado_serial varchar(80),
  ADD COLUMN certificado_inicio timestamptz,
  -- notAfter: Início warns 30 days before
  ADD COLUMN certificado_validade timestamptz,
  ADD COLUMN certificado_enviado_em timestamptz,
  ADD COLUMN certificado_enviado_por integer REFERENCES usuario(id),
  ADD CONSTRAINT conta_cobranca_certificado_completo CHECK ((certificado_pem IS NULL) = (certificado_validade IS NULL));
