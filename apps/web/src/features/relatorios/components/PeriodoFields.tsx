import { Select } from '@mantine/core';
import { MESES_NOMES, relatorioAnos, type MesAno } from '@bg/domain';

const MESES = MESES_NOMES.map((nome, i) => ({ value: String(i + 1), label: nome }));

/** Mês and Ano of a report: the years from 2019 to the current one (spec §9, newest first). */
export function PeriodoFields({ value, onChange }: { value: MesAno; onChange: (next: MesAno) => void }) {
  return (
    <>
      <Select label="Mês" w={160} data={MESES} value={String(value.mes)} onChange={(v) => v && onChange({ ...value, mes: Number(v) })} allowDeselect={false} />
      <Select
        label="Ano"
        w={120}
        data={relatorioAnos().map((a) => String(a))}
        value={String(value.ano)}
        onChange={(v) => v && onChange({ ...value, ano: Number(v) })}
        allowDeselect={false}
      />
    </>
  );
}
