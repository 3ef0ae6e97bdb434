import { Select, Stack, Text } from '@mantine/core';
import { DocumentInput } from '../../../components';

export interface StepConsultaProps {
  documento: string;
  onDocumento: (v: string) => void;
  error?: string;
  /** Administradores choose the Loja the guarantee is for (docs/decisions/020). */
  lojas: { value: string; label: string }[] | null;
  lojaId: string | null;
  onLoja: (v: string | null) => void;
  lojaError?: string;
  onEnter: () => void;
}

export function StepConsulta({ documento, onDocumento, error, lojas, lojaId, onLoja, lojaError, onEnter }: StepConsultaProps) {
  return (
    <Stack maw={460}>
      {lojas && (
        <Select
          label="Loja"
          placeholder="Selecione a loja da solicitação"
          data={lojas}
          value={lojaId}
          onChange={onLoja}
          error={lojaError}
          searchable
          withAsterisk
          nothingFoundMessage="Nenhuma loja encontrada"
        />
      )}
      <DocumentInput
        label="Informe o CPF/CNPJ do cliente"
        value={documento}
        onChange={onDocumento}
        error={error}
        withAsterisk
        autoFocus
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter();
        }}
      />
      <Text size="sm" c="dimmed">
        A consulta verifica restrições comerciais do cliente antes da solicitação.
      </Text>
    </Stack>
  );
}
