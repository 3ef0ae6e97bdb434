import { useState } from 'react';
import { Alert, Button, Paper, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  clienteSchema,
  consultaDocumentoSchema,
  LOOKUP_RESTRICTED_STATUS,
  MSG,
  PESSOA_DOCUMENTO_MAX_FILES,
  solicitaGarantiaSchema,
} from '@bg/domain';
import { confirmAction, FormActions, PageHeader, ServerHtml } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { empresasForSelectQuery, systemConfigQuery } from '../../../lib/lookups';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { documentCountQuery } from '../api/garantia-queries';
import { garantiasApi } from '../api/garantias-api';
import { DocumentosDropzone } from '../components/DocumentosDropzone';
import { StepCliente } from '../components/StepCliente';
import { StepConsulta } from '../components/StepConsulta';
import { StepResultado, type DocumentsUpload, type WizardOutcome } from '../components/StepResultado';
import { StepSolicitacao } from '../components/StepSolicitacao';
import { WizardStep } from '../components/WizardStep';
import { CLIENTE_KEYS, emptyWizard, fromPessoa, pickErrors, type WizardValues } from '../components/wizard-form';
import { clearWizardDraft, readWizardDraft, useSaveWizardDraft, type WizardDraft } from '../components/wizard-draft';

type Warning = { title: string; msg: string } | null;
const STEPS = ['CONSULTA', 'DADOS DO CLIENTE', 'DADOS DA SOLICITAÇÃO', 'RESULTADO'] as const;
const RESULT_STEP = 3;

/** "Boleto Garantido Web / Solicitação de Garantia": the four-step request wizard (spec §2, §4). */
export function NovaGarantiaPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  // a reload keeps the work: the draft of this tab, read once (wizard-draft.ts)
  const [restored, setRestored] = useState<WizardDraft | null>(() => readWizardDraft(user.id));
  const [step, setStep] = useState(restored?.step ?? 0);
  const [documento, setDocumento] = useState(restored?.documento ?? '');
  const [lojaId, setLojaId] = useState<string | null>(restored?.lojaId ?? null);
  const [stepOneErrors, setStepOneErrors] = useState<Record<string, string>>({});
  const [maxParcelas, setMaxParcelas] = useState(restored?.maxParcelas ?? user.empresa?.qtd_max_parcelas ?? 12);
  const [pessoaId, setPessoaId] = useState<number | null>(restored?.pessoaId ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [warning, setWarning] = useState<Warning>(null);
  const [outcome, setOutcome] = useState<WizardOutcome | null>(null);
  // a 900 at the lookup jumps from CONSULTA to RESULTADO: the steps in between were not done
  const [skippedToResult, setSkippedToResult] = useState(false);
  // restrictions the lookup reported without refusing (a published credit policy decides them at
  // submission): shown to the operator until the result
  const [restricoesBureau, setRestricoesBureau] = useState<{ msg: string; html: string } | null>(null);
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: restored?.values ?? emptyWizard() });
  useSaveWizardDraft(user.id, { step, documento, lojaId, maxParcelas, pessoaId, values: form.getValues(), arquivos: files.map((f) => f.name) }, step < RESULT_STEP);

  const lojas = useQuery({ ...empresasForSelectQuery(), enabled: admin, staleTime: 60_000 });
  const config = useQuery(systemConfigQuery());
  // the Loja's view of a known person: its documents count towards the limit of 3 (spec §5, decision 104)
  const lojaDocumentos = admin && lojaId ? Number(lojaId) : null;
  const existingDocs = useQuery(documentCountQuery(pessoaId, lojaDocumentos));
  const existing = pessoaId === null ? 0 : (existingDocs.data ?? 0);

  const warn = (msg: string) => setWarning({ title: 'Atenção!', msg });
  /** Spec §8: a non-200 answer shows the server's title and msg; a network failure, MSG.sendFailed. */
  const fail = (err: unknown) => {
    if (err instanceof ApiError) setWarning({ title: String(err.body.title ?? 'Atenção!'), msg: err.body.msg });
    else warn(MSG.sendFailed);
  };
  const setDocuments = (documents: DocumentsUpload) => setOutcome((o) => (o?.kind === 'sent' ? { ...o, documents } : o));

  const consulta = useSubmit((doc: string, loja: string | null) => garantiasApi.consultaDocumento(doc, loja), {
    result: false,
    error: 'none',
    // any refusal other than 900 (limite por CPF/CNPJ, blocked Loja) is an HTTP error
    onError: fail,
    onSuccess: (res) => {
      if (res.status === LOOKUP_RESTRICTED_STATUS) {
        clearWizardDraft(user.id);
        setOutcome({ kind: 'restricted', html: res.consulta });
        setSkippedToResult(true);
        setStep(RESULT_STEP);
        return;
      }
      setMaxParcelas(res.empresa.qtd_max_parcelas);
      setPessoaId(res.obj.pessoa_id);
      setRestricoesBureau(res.consulta ? { msg: res.msg, html: res.consulta } : null);
      form.setValues({ ...emptyWizard(), cpf_cnpj: documento, ...(res.obj.pessoa ? fromPessoa(res.obj.pessoa) : {}) });
      form.resetDirty();
      setStep(1);
    },
  });

  // the documents go after the request (they belong to the person it creates); also "Reenviar"
  const sendDocuments = useSubmit((id: number) => garantiasApi.uploadDocumentos(id, files, lojaDocumentos), {
    result: false,
    error: 'none',
    onSuccess: () => setDocuments('sent'),
    onError: (err) => setDocuments({ failed: err instanceof ApiError ? err.body.msg : MSG.sendFailed }),
  });

  const solicita = useSubmit(garantiasApi.solicitaGarantia, {
    form,
    result: false,
    error: 'none',
    onError: (err) => {
      // 422 field messages are on the form now; those of step 2 take the user back there
      if (err instanceof ApiError && Object.keys(pickErrors(err.errors, CLIENTE_KEYS)).length) setStep(1);
      fail(err);
    },
    onSuccess: async (res) => {
      if (res.status === LOOKUP_RESTRICTED_STATUS) {
        clearWizardDraft(user.id);
        setOutcome({ kind: 'restricted', html: res.consulta ?? '' });
        setStep(RESULT_STEP);
      } else if (res.status !== 200 || !res.data) {
        // spec §8: any non-200 status shows the server's title and msg, also inside an HTTP 2xx answer
        setWarning({ title: res.title ?? 'Atenção!', msg: res.msg });
      } else {
        clearWizardDraft(user.id);
        setOutcome({ kind: 'sent', protocolo: res.data.protocolo, pessoaId: res.data.pessoa_id, documents: files.length ? 'sending' : 'none', garantiaId: res.data.id, avaliacao: res.data.avaliacao ?? null });
        setStep(RESULT_STEP);
        if (files.length) await sendDocuments.run(res.data.pessoa_id);
      }
    },
  });

  const consultar = () => {
    const errors = zodValidate(consultaDocumentoSchema)({ documento, empresa_id: lojaId ?? undefined });
    if (admin && !lojaId) errors.empresa_id = MSG.required;
    setStepOneErrors(errors);
    if (!Object.keys(errors).length) void consulta.run(documento, admin ? lojaId : null);
  };

  const validateCliente = () => {
    // the form holds what the user typed (nulls included); the schema says what is missing
    const errors = pickErrors(zodValidate<unknown>(clienteSchema)(form.getValues()), CLIENTE_KEYS);
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const enviar = () => {
    const values = form.getValues();
    const typed = { ...values, ...(admin ? { empresa_id: lojaId } : {}) };
    const schema = solicitaGarantiaSchema(maxParcelas);
    const parsed = schema.safeParse(typed);
    if (!parsed.success) {
      const errors = zodValidate<unknown>(schema)(typed);
      form.setErrors(errors);
      if (Object.keys(pickErrors(errors, CLIENTE_KEYS)).length) setStep(1);
      return;
    }
    // the files were checked one by one when chosen; the count may have changed since (lookup)
    if (existing + files.length > PESSOA_DOCUMENTO_MAX_FILES) {
      warn(`No máximo ${PESSOA_DOCUMENTO_MAX_FILES} documentos por pessoa: a pessoa já tem ${existing}. Remova ${existing + files.length - PESSOA_DOCUMENTO_MAX_FILES} arquivo(s).`);
      setStep(1);
      return;
    }
    form.clearErrors();
    // the §3 payload as the schema parsed it (digits, numbers): what the server parses too
    void solicita.run(parsed.data);
  };

  const restart = () => {
    clearWizardDraft(user.id);
    setRestored(null);
    form.setValues(emptyWizard());
    form.clearErrors();
    setDocumento('');
    setPessoaId(null);
    setFiles([]);
    setOutcome(null);
    setSkippedToResult(false);
    setRestricoesBureau(null);
    setWarning(null);
    setStep(0);
  };

  const next = () => {
    setWarning(null);
    if (step === 0) consultar();
    else if (step === 1 && validateCliente()) setStep(2);
    else if (step === 2) enviar();
  };

  const descartar = async () => {
    if (await confirmAction({ title: 'Descartar rascunho', text: 'Apagar os dados digitados nesta solicitação e começar de novo?', confirmLabel: 'Sim, descartar rascunho', confirmColor: 'red' })) restart();
  };

  const busy = consulta.busy || solicita.busy;
  const hasDraft = step > 0 && step < RESULT_STEP;
  return (
    <Stack>
      <PageHeader
        title="Boleto Garantido Web / Solicitação de Garantia"
        actions={
          hasDraft && (
            <Button variant="default" color="red" onClick={() => void descartar()}>
              Descartar rascunho
            </Button>
          )
        }
      />
      {restored && step < RESULT_STEP && (
        <Alert color="blue" title="Rascunho restaurado" withCloseButton onClose={() => setRestored(null)}>
          Os dados digitados nesta aba foram mantidos até o envio ou o descarte.
          {restored.arquivos.length > 0 && ` Os arquivos não ficam guardados no rascunho: selecione de novo ${restored.arquivos.join(', ')}.`}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stepper active={step} allowNextStepsSelect={false} size="sm" mb="lg">
          {STEPS.map((label, i) => (
            <WizardStep key={label} label={label} allowStepSelect={false} skipped={skippedToResult && i > 0 && i < RESULT_STEP} />
          ))}
        </Stepper>
        {warning && (
          <Alert color="yellow" title={warning.title} mb="md" withCloseButton onClose={() => setWarning(null)} role="alert">
            {warning.msg}
          </Alert>
        )}
        {step === 0 && (
          <StepConsulta
            documento={documento}
            onDocumento={setDocumento}
            error={stepOneErrors.documento}
            lojas={admin ? (lojas.data ?? []).filter((l) => l.situacao === 'ATIVA').map((l) => ({ value: String(l.value), label: l.label })) : null}
            lojaId={lojaId}
            onLoja={setLojaId}
            lojaError={stepOneErrors.empresa_id}
            onEnter={next}
          />
        )}
        {restricoesBureau && (step === 1 || step === 2) && (
          <Alert color="orange" title="Restrições informadas na consulta" mb="md" data-testid="restricoes-consulta">
            {restricoesBureau.msg}
            <ServerHtml html={restricoesBureau.html} mt="xs" />
          </Alert>
        )}
        {step === 1 && <StepCliente form={form} files={files} onFiles={setFiles} existingDocuments={existing} onRejected={warn} />}
        {step === 2 && <StepSolicitacao form={form} maxParcelas={maxParcelas} />}
        {step === RESULT_STEP && outcome && (
          <StepResultado
            outcome={outcome}
            chatUrl={config.data?.chatUrl ?? '#'}
            retry={
              outcome.kind === 'sent' && (
                <Stack gap="xs" w="100%" maw={560}>
                  <DocumentosDropzone files={files} onFiles={setFiles} existing={existing} onRejected={warn} disabled={sendDocuments.busy} />
                  <Button onClick={() => void sendDocuments.run(outcome.pessoaId)} loading={sendDocuments.busy} disabled={!files.length}>
                    Reenviar documentos
                  </Button>
                </Stack>
              )
            }
          />
        )}
        {step === RESULT_STEP ? (
          <FormActions mt="xl" submitLabel="Nova Garantia" onSubmit={restart} />
        ) : (
          <FormActions
            mt="xl"
            layout="split"
            cancelLabel="Anterior"
            onCancel={step > 0 ? () => setStep(step - 1) : undefined}
            submitLabel={step === 2 ? 'Enviar Dados' : 'Próximo'}
            onSubmit={next}
            loading={busy}
          />
        )}
      </Paper>
    </Stack>
  );
}
