-- Existing people into views (docs/decisions/104-shared-people-views.md, "Existing data"). Before
-- this, every request upserted the one pessoa row and any shop of the person could read or change
-- it, its phones and documents. Each piece of data goes to the view of the shop whose request or
-- upload brought it; where no shop can be named, to the administradores' view (empresa_id NULL),
-- which no shop reads. Nothing becomes visible to a shop that could not see it before.

-- 1. A view for every shop with a guarantee of the person: the shared identity, nothing else yet.
INSERT INTO pessoa_visao (pessoa_id, empresa_id, nome_razao, data_nascimento, created_at, updated_at)
SELECT g.pessoa_id, g.empresa_id, p.nome_razao, p.data_nascimento, min(g.created_at), max(g.created_at)
  FROM garantia g JOIN pessoa p ON p.id = g.pessoa_id
 GROUP BY g.pessoa_id, g.empresa_id, p.nome_razao, p.data_nascimento;

-- 2. The person's fields as they stand were written last by one shop: by its latest request (its
--    shop's, whoever typed it — an administrador requests for a Loja) or by a later "Atualização da
--    Pessoa" of one of its users (audit_log). An administrador's update changed that data in place,
--    so it does not move it. The other shops' earlier typing was overwritten: their views keep the
--    identity only (their slips print the payer's name and document until the view is filled in).
WITH escrita AS (
  SELECT g.pessoa_id, g.empresa_id, g.created_at AS em, 1 AS fonte, g.id::bigint AS seq
    FROM garantia g
  UNION ALL
  SELECT a.alvo, u.empresa_id, a.occurred_at, 2, a.id
    FROM (SELECT id, usuario_id, occurred_at, CASE WHEN entity_id ~ '^[0-9]{1,9}$' THEN entity_id::int END AS alvo
            FROM audit_log WHERE action = 'pessoa.update' AND entity = 'pessoa') a
    JOIN usuario u ON u.id = a.usuario_id
   WHERE u.nivel <> '2' AND u.empresa_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM garantia g WHERE g.pessoa_id = a.alvo AND g.empresa_id = u.empresa_id)
), dono AS (
  SELECT DISTINCT ON (pessoa_id) pessoa_id, empresa_id FROM escrita ORDER BY pessoa_id, em DESC, fonte DESC, seq DESC
)
UPDATE pessoa_visao v
   SET cep = p.cep, endereco = p.endereco, numero = p.numero, complemento = p.complemento, bairro = p.bairro,
       cidade = p.cidade, uf = p.uf, telefone1 = p.telefone1, telefone2 = p.telefone2, ref_comercial = p.ref_comercial,
       tel_ref_comercial = p.tel_ref_comercial, ref_pessoal = p.ref_pessoal, tel_ref_pessoal = p.tel_ref_pessoal,
       ocupacao = p.ocupacao, renda = p.renda, socio_avalista = p.socio_avalista, cpf_avalista = p.cpf_avalista,
       updated_at = greatest(v.updated_at, p.updated_at)
  FROM dono d JOIN pessoa p ON p.id = d.pessoa_id
 WHERE v.pessoa_id = d.pessoa_id AND v.empresa_id = d.empresa_id;

-- 3. A person without any guarantee (registered outside a request): its fields go to the
--    administradores' view.
INSERT INTO pessoa_visao (pessoa_id, empresa_id, nome_razao, data_nascimento, cep, endereco, numero, complemento, bairro, cidade, uf,
                          telefone1, telefone2, ref_comercial, tel_ref_comercial, ref_pessoal, tel_ref_pessoal, ocupacao, renda,
                          socio_avalista, cpf_avalista, created_at, updated_at)
SELECT p.id, NULL, p.nome_razao, p.data_nascimento, p.cep, p.endereco, p.numero, p.complemento, p.bairro, p.cidade, p.uf,
       p.telefone1, p.telefone2, p.ref_comercial, p.tel_ref_comercial, p.ref_pessoal, p.tel_ref_pessoal, p.ocupacao, p.renda,
       p.socio_avalista, p.cpf_avalista, p.created_at, p.updated_at
  FROM pessoa p
 WHERE NOT EXISTS (SELECT 1 FROM garantia g WHERE g.pessoa_id = p.id);

-- 4. Extra phones: the shop of the user who added it (a shop's user could only add to a person of
--    its own guarantees).
UPDATE pessoa_telefone t SET empresa_id = u.empresa_id
  FROM usuario u
 WHERE u.id = t.usuario_id AND u.nivel <> '2' AND u.empresa_id IS NOT NULL
   AND EXISTS (SELECT 1 FROM pessoa_visao v WHERE v.pessoa_id = t.pessoa_id AND v.empresa_id = u.empresa_id);

-- 5. Documents: the shop of the user who uploaded it; an administrador's upload goes to the Loja of
--    the latest request that same administrador made for the person in the day before (the wizard
--    sends the documents right after the request).
UPDATE pessoa_documento d SET empresa_id = u.empresa_id
  FROM stored_file f, usuario u
 WHERE f.id = d.file_id AND u.id = coalesce(d.usuario_id, f.created_by) AND u.nivel <> '2' AND u.empresa_id IS NOT NULL
   AND EXISTS (SELECT 1 FROM pessoa_visao v WHERE v.pessoa_id = d.pessoa_id AND v.empresa_id = u.empresa_id);
UPDATE pessoa_documento d
   SET empresa_id = (SELECT g.empresa_id FROM garantia g
                      WHERE g.pessoa_id = d.pessoa_id AND g.usuario_id = coalesce(d.usuario_id, f.created_by)
                        AND g.created_at <= d.created_at AND g.created_at > d.created_at - interval '1 day'
                      ORDER BY g.created_at DESC, g.id DESC LIMIT 1)
  FROM stored_file f
 WHERE f.id = d.file_id AND d.empresa_id IS NULL;

-- 6. What no shop brought (an administrador's phones and documents, a user since removed): when
--    one shop alone knows the person, that shop — it saw them already; else the administradores'.
WITH unica AS (
  SELECT pessoa_id, min(empresa_id) AS empresa_id FROM pessoa_visao WHERE empresa_id IS NOT NULL GROUP BY pessoa_id HAVING count(*) = 1
)
UPDATE pessoa_telefone t SET empresa_id = unica.empresa_id FROM unica WHERE t.empresa_id IS NULL AND unica.pessoa_id = t.pessoa_id;
WITH unica AS (
  SELECT pessoa_id, min(empresa_id) AS empresa_id FROM pessoa_visao WHERE empresa_id IS NOT NULL GROUP BY pessoa_id HAVING count(*) = 1
)
UPDATE pessoa_documento d SET empresa_id = unica.empresa_id FROM unica WHERE d.empresa_id IS NULL AND unica.pessoa_id = d.pessoa_id;

INSERT INTO pessoa_visao (pessoa_id, empresa_id, nome_razao, data_nascimento)
SELECT p.id, NULL, p.nome_razao, p.data_nascimento
  FROM pessoa p
 WHERE EXISTS (SELECT 1 FROM pessoa_telefone t WHERE t.pessoa_id = p.id AND t.empresa_id IS NULL)
    OR EXISTS (SELECT 1 FROM pessoa_documento d WHERE d.pessoa_id = p.id AND d.empresa_id IS NULL)
ON CONFLICT (pessoa_id, empresa_id) DO NOTHING;

-- 7. Each guarantee's snapshot: what was typed in the request is gone (it overwrote the person),
--    so it is its shop's view as migrated, marked 'migracao'.
INSERT INTO garantia_pessoa (garantia_id, nome_razao, data_nascimento, cep, endereco, numero, complemento, bairro, cidade, uf,
                             telefone1, telefone2, ref_comercial, tel_ref_comercial, ref_pessoal, tel_ref_pessoal, ocupacao, renda,
                             socio_avalista, cpf_avalista, origem, created_at)
SELECT g.id, v.nome_razao, v.data_nascimento, v.cep, v.endereco, v.numero, v.complemento, v.bairro, v.cidade, v.uf,
       v.telefone1, v.telefone2, v.ref_comercial, v.tel_ref_comercial, v.ref_pessoal, v.tel_ref_pessoal, v.ocupacao, v.renda,
       v.socio_avalista, v.cpf_avalista, 'migracao', g.created_at
  FROM garantia g JOIN pessoa_visao v ON v.pessoa_id = g.pessoa_id AND v.empresa_id = g.empresa_id;
