import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { empresasForSelectQuery } from '../../../lib/lookups';

/**
 * The administrador's Loja filter of the Integrações and Webhooks lists (issue 28): every shop, or
 * one; cleared = all. Rendered for administradores only (a shop's user sees its own shop's).
 */
export function LojaFiltro({ value, onChange }: { value: number | null; onChange: (empresaId: number | null) => void }) {
  const empresas = useQuery(empresasForSelectQuery());
  return (
    <Select
      label="Loja"
      w={360}
      clearable
      searchable
      placeholder="Todas"
      data={(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
    />
  );
}
