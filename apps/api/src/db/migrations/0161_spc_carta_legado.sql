-- Decision 116: records AVISADA before 0160 (notices sent by WhatsApp only) get the letter's
-- addressee too, so the operator can print their letter and record its posting — until then they
-- are never included. The address is the one `incluir-spc.ts` picks for a new notice: the view of
-- the boleto's shop when complete, else the latest complete view of the person. A record whose
-- person has no complete address keeps none (its letter answers 422 until an address is recorded
-- and a new notice is issued).
UPDATE spc_inclusao s
SET carta_destinatario = (
  SELECT jsonb_build_object(
    'nome', p.nome_razao, 'cpf_cnpj', p.cpf_cnpj, 'endereco', btrim(v.endereco), 'numero', NULLIF(btrim(v.numero), ''),
    'complemento', NULLIF(btrim(v.complemento), ''), 'bairro', NULLIF(btrim(v.bairro), ''), 'cidade', btrim(v.cidade), 'uf', btrim(v.uf), 'cep', v.cep)
  FROM boleto b
  JOIN garantia g ON g.id = b.garantia_id
  JOIN pessoa p ON p.id = g.pessoa_id
  JOIN pessoa_visao v ON v.pessoa_id = p.id
  WHERE b.id = s.boleto_id
    AND btrim(coalesce(v.endereco, '')) <> '' AND btrim(coalesce(v.cidade, '')) <> '' AND btrim(coalesce(v.uf, '')) <> '' AND v.cep ~ '^[0-9]{8}$'
  ORDER BY (v.empresa_id IS NOT DISTINCT FROM g.empresa_id) DESC, v.updated_at DESC, v.id DESC
  LIMIT 1)
WHERE s.status = 'AVISADA' AND s.carta_destinatario IS NULL AND s.boleto_id IS NOT NULL;
