import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { isValidCpfCnpj, onlyDigits, todayInSaoPaulo } from '@bg/domain';
import { DateField, DocumentInput } from '../../../components';

export type Identificacao = { documento: string; data: string } | { codigo: string };

/**
 * How the payer proves who they are: CPF/CNPJ and the date of birth (for a CNPJ the date of
 * foundation, as recorded when the purchase was guaranteed), or the code of the link in a message
 * or letter ("Tenho um código").
 */
export function IdentificacaoForm({ busy, onSubmit }: { busy: boolean; onSubmit: (v: Identificacao) => void }) {
  const [modo, setModo] = useState<'documento' | 'codigo'>('documento');
  const [documento, setDocumento] = useState('');
  const [data, setData] = useState('');
  const [codigo, setCodigo] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const cnpj = onlyDigits(documento).length > 11;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (modo === 'documento') {
      if (!isValidCpfCnpj(documento)) next.documento = 'Informe um CPF ou CNPJ válido.';
      if (!data) next.data = cnpj ? 'Informe a data de fundação.' : 'Informe a data de nascimento.';
    } else if (onlyDigits(codigo).length + codigo.replace(/[^A-Za-z]/g, '').length < 10) {
      next.codigo = 'Informe o código de 10 caracteres recebido na mensagem.';
    }
    setErros(next);
    if (Object.keys(next).length) return;
    onSubmit(modo === 'documento' ? { documento: onlyDigits(documento), data } : { codigo });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Identificação do pagador">
      <Stack>
        <SegmentedControl
          value={modo}
          onChange={(v) => setModo(v as 'documento' | 'codigo')}
          data={[
            { value: 'documento', label: 'CPF/CNPJ e data' },
            { value: 'codigo', label: 'Tenho um código' },
          ]}
        />
        {modo === 'documento' ? (
          <>
            <DocumentInput label="CPF ou CNPJ" withAsterisk value={documento} onChange={setDocumento} error={erros.documento} />
            <DateField label={cnpj ? 'Data de fundação' : 'Data de nascimento'} withAsterisk maxDate={todayInSaoPaulo()} value={data} onChange={setData} error={erros.data} />
          </>
        ) : (
          <>
            <TextInput
              label="Código de acesso"
              description="O código de 10 caracteres do link que você recebeu por mensagem ou carta (ex.: ABCDE-FGHJK)."
              withAsterisk
              maxLength={11}
              value={codigo}
              onChange={(e) => setCodigo(e.currentTarget.value.toUpperCase())}
              error={erros.codigo}
            />
          </>
        )}
        <Button type="submit" loading={busy}>
          Ver meus boletos
        </Button>
        <Text size="xs" c="dimmed">
          Seus dados são usados apenas para localizar os seus boletos em aberto. Cada acesso fica registrado (LGPD).
        </Text>
      </Stack>
    </form>
  );
}
