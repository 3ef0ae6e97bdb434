import { Text } from '@mantine/core';
import { MoneyText } from '../../../components';

/** Receita in green when positive, red otherwise (spec §2 Reports). */
export function ReceitaText({ value }: { value: number }) {
  const positiva = value > 0;
  return (
    <Text span inherit fw={600} c={positiva ? 'green.8' : 'red.8'} className={positiva ? 'receita-positiva' : 'receita-negativa'}>
      <MoneyText value={value} />
    </Text>
  );
}
