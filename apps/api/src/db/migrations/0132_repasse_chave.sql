-- A repasse is registered once per form (decision 109): the form's token makes a second click or a
-- retried request answer the first repasse instead of registering another transfer.
ALTER TABLE repasse ADD COLUMN chave varchar(64);
CREATE UNIQUE INDEX repasse_chave_key ON repasse (chave) WHERE chave IS NOT NULL;
