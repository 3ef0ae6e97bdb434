-- The pessoa row keeps the identity only (docs/decisions/104-shared-people-views.md): document,
-- kind, name and birth date, shared by every shop's view. The per-shop fields moved to pessoa_visao
-- and garantia_pessoa (0100, 0101); no reader is left on these columns.
ALTER TABLE pessoa
  DROP COLUMN cep,
  DROP COLUMN endereco,
  DROP COLUMN numero,
  DROP COLUMN complemento,
  DROP COLUMN bairro,
  DROP COLUMN cidade,
  DROP COLUMN uf,
  DROP COLUMN telefone1,
  DROP COLUMN telefone2,
  DROP COLUMN ref_comercial,
  DROP COLUMN tel_ref_comercial,
  DROP COLUMN ref_pessoal,
  DROP COLUMN tel_ref_pessoal,
  DROP COLUMN ocupacao,
  DROP COLUMN renda,
  DROP COLUMN socio_avalista,
  DROP COLUMN cpf_avalista;
