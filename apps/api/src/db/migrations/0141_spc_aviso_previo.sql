-- SPC notice period (issue 25, decision 111): "Incluir no SPC" sends the prior notice (CDC art. 43
-- § 2º) and records the boleto AVISADA with the day the inclusion becomes due (SPC_AVISO_DIAS after
-- the notice); the daily job spc.inclusao registers it at the bureau then (ATIVA) if the debt is
-- still open, or closes it DESISTIDA when it was paid, entered an acordo or the notice failed.
-- incluido_em keeps its meaning for ATIVA rows (when registered); for AVISADA ones it is the request.
ALTER TABLE spc_inclusao DROP CONSTRAINT spc_inclusao_status_check;
ALTER TABLE spc_inclusao
  ADD CONSTRAINT spc_inclusao_status_check CHECK (status IN ('AVISADA','ATIVA','REMOVIDA','DESISTIDA')),
  ADD COLUMN aviso_em timestamptz,
  ADD COLUMN inclusao_prevista date,
  ADD COLUMN inclusao_tentativas integer NOT NULL DEFAULT 0,
  ADD COLUMN inclusao_erro text,
  ADD COLUMN desistencia_motivo varchar(200),
  ADD CONSTRAINT spc_inclusao_avisada_check CHECK (status <> 'AVISADA' OR inclusao_prevista IS NOT NULL);
-- one running record per boleto: two operators pressing "Incluir no SPC" at once, one notice
CREATE UNIQUE INDEX spc_inclusao_boleto_em_curso_key ON spc_inclusao (boleto_id) WHERE status IN ('AVISADA','ATIVA');
-- the job's daily scan
CREATE INDEX spc_inclusao_avisada_idx ON spc_inclusao (inclusao_prevista, id) WHERE status = 'AVISADA';
