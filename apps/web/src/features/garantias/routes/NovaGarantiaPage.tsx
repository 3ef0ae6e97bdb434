import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { clienteSchema, consultaDocumentoSchema, LOOKUP_RESTRICTED_STATUS, MSG, solicitaGarantiaSchema } from '@bg/domain';
import { PageHeader } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { zodValidate } from '../../../lib/zod-form';
import { garantiasApi } from '../api/garantias-api';
import { StepCliente } from '../components/StepCliente';
import { StepConsulta } from '../components/StepConsulta';
import { StepResultado, type WizardOutcome } from '../components/StepResultado';
import { StepSolicitacao } from '../components/StepSolicitacao';
import { CLIENTE_KEYS, emptyWizard, fromPessoa, pickErrors, type WizardValues } from '../components/wizard-form';

type Warning = { title: string; msg: string } | null;
const STEPS = ['CONSULTA', 'DADOS DO CLIENTE', 'DADOS DA SOLICITAÇÃO', 'RESULTADO'] as const;

/** "Boleto Garantido Web / Solicitação de Garantia": the four-step request wizard (spec §2, §4). */
export function NovaGarantiaPage() {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const [step, setStep] = useState(0);
  const [documento, setDocumento] = useState('');
  const [lojaId, setLojaId] = useState<string | null>(null);
  const [stepOneErrors, setStepOneErrors] = useState<Record<string, string>>({});
  const [maxParcelas, setMaxParcelas] = useState(user.empresa?.qtd_max_parcelas ?? 12);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<Warning>(null);
  const [outcome, setOutcome] = useState<WizardOutcome | null>(null);
  const form = useForm<WizardValues>({ mode: 'controlled', initialValues: emptyWizard() });

  const lojas = useQuery({ queryKey: ['empresas', 'select'], queryFn: garantiasApi.empresas, enabled: admin, staleTime: 60_000 });
  const config = useQuery({ queryKey: ['config'], queryFn: garantiasApi.config, staleTime: Infinity });

  const fail = (err: unknown) => {
    if (err instanceof ApiError) setWarning({ title: String(err.body.title ?? 'Atenção!'), msg: err.body.msg });
    else setWarning({ title: 'Atenção!', msg: MSG.sendFailed });
  };

  const consultar = async () => {
    setWarning(null);
    const errors = zodValidate(consultaDocumentoSchema)({ documento, empresa_id: lojaId ?? undefined });
    if (admin && !lojaId) errors.empresa_id = MSG.required;
    setStepOneErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const res = await garantiasApi.consultaDocumento(documento, admin ? lojaId : null);
      // any other refusal (limite por CPF/CNPJ, blocked Loja) is an HTTP error, shown by fail()
      if (res.status === LOOKUP_RESTRICTED_STATUS) {
        setOutcome({ kind: 'restricted', html: res.consulta });
        setStep(3);
        return;
      }
      setMaxParcelas(res.empresa.qtd_max_parcelas);
      form.setValues({ ...emptyWizard(), cpf_cnpj: documento, ...(res.obj.pessoa ? fromPessoa(res.obj.pessoa) : {}) });
      form.resetDirty();
      setStep(1);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const validateCliente = () => {
    // the form holds what the user typed (nulls included); the schema says what is missing
    const errors = pickErrors(zodValidate<unknown>(clienteSchema)(form.getValues()), CLIENTE_KEYS);
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const enviar = async () => {
    setWarning(null);
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
    form.clearErrors();
    setBusy(true);
    try {
      // the §3 payload as the schema parsed it (digits, numbers): what the server parses too
      const res = await garantiasApi.solicitaGarantia(parsed.data);
      if (res.status === LOOKUP_RESTRICTED_STATUS) {
        setOutcome({ kind: 'restricted', html: res.consulta ?? '' });
      } else if (res.status !== 200 || !res.data) {
        // spec §8: any non-200 status shows the server's title and msg, also inside an HTTP 2xx answer
        setWarning({ title: res.title ?? 'Atenção!', msg: res.msg });
        return;
      } else {
        let uploadWarning: string | undefined;
        if (files.length) {
          try {
            await garantiasApi.uploadDocumentos(res.data.pessoa_id, files);
          } catch (err) {
            uploadWarning = `A solicitação foi enviada, mas os documentos não: ${err instanceof ApiError ? err.body.msg : MSG.sendFailed}`;
          }
        }
        setOutcome({ kind: 'sent', protocolo: res.data.protocolo, uploadWarning });
      }
      setStep(3);
    } catch (err) {
      if (err instanceof ApiError && err.body.errors) {
        form.setErrors(err.body.errors);
        if (Object.keys(pickErrors(err.body.errors, CLIENTE_KEYS)).length) setStep(1);
      }
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    form.setValues(emptyWizard());
    form.clearErrors();
    setDocumento('');
    setFiles([]);
    setOutcome(null);
    setWarning(null);
    setStep(0);
  };

  const next = () => {
    setWarning(null);
    if (step === 0) void consultar();
    else if (step === 1 && validateCliente()) setStep(2);
  };

  return (
    <Stack>
      <PageHeader title="Boleto Garantido Web / Solicitação de Garantia" />
      <Paper withBorder p="md">
        <Stepper active={step} allowNextStepsSelect={false} size="sm" mb="lg">
          {STEPS.map((label) => (
            <Stepper.Step key={label} label={label} allowStepSelect={false} />
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
        {step === 1 && <StepCliente form={form} files={files} onFiles={setFiles} onRejected={(msg) => setWarning({ title: 'Atenção!', msg })} />}
        {step === 2 && <StepSolicitacao form={form} maxParcelas={maxParcelas} />}
        {step === 3 && outcome && <StepResultado outcome={outcome} chatUrl={config.data?.chatUrl ?? '#'} />}
        <Group justify="space-between" mt="xl">
          <div>
            {(step === 1 || step === 2) && (
              <Button variant="default" onClick={() => setStep(step - 1)} disabled={busy}>
                Anterior
              </Button>
            )}
          </div>
          <div>
            {step < 2 && (
              <Button onClick={next} loading={busy}>
                Próximo
              </Button>
            )}
            {step === 2 && (
              <Button onClick={() => void enviar()} loading={busy}>
                Enviar Dados
              </Button>
            )}
            {step === 3 && <Button onClick={restart}>Nova Garantia</Button>}
          </div>
        </Group>
      </Paper>
    </Stack>
  );
}
