-- Itaú 341 as a bank of a conta de cobrança (issue 30, decision 121): the boleto engine computes
-- Itaú's campo livre, nosso número and DACs and the CNAB 400 engine reads and writes its files, and
-- the retorno upload reads Itaú CNAB 400 retornos. The admin form (contaCobrancaSchema) still offers
-- only 104 and 001 until Gerar Remessa writes per conta (CNAB 400 for 341): the database accepts the
-- bank so a conta Itaú can exist the day that ships, and a retorno is matched to it by its header.
ALTER TABLE conta_cobranca DROP CONSTRAINT conta_cobranca_banco_check;
ALTER TABLE conta_cobranca ADD CONSTRAINT conta_cobranca_banco_check CHECK (banco IN ('104', '001', '341'));
