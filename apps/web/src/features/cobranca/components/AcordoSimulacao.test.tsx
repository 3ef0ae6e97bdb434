import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatBRL, todayInSaoPaulo } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import type { BoletoPendente } from '../api/cobranca';
import { AcordoSimulacao } from './AcordoSimulacao';
import { selectionValue } from './acordo-plan';

const hoje = todayInSaoPaulo();
const boleto: BoletoPendente = {
  id: 1, digito: 1, garantia_id: 11, garantia_digito: 2, empresa: 'Loja Demo', parcela: 1, vencimento: addDays(hoje, -20),
  dias_atraso: 20, valor: 2500, situacao: 'GARANTIDO', pagamentos_anteriores: 0, spc: null,
};

async function simulated() {
  renderWithProviders(<AcordoSimulacao pessoaId={7} nome="Ana" hoje={hoje} boletos={[boleto]} selectedIds={[1]} onCancel={() => {}} />);
  await userEvent.click(screen.getByRole('button', { name: 'Simular' }));
  return screen.getByLabelText('Desconto');
}

describe('Novo Acordo: the discount', () => {
  it('reads 1.000,00 typed as one thousand reais off the updated value', async () => {
    const desconto = await simulated();
    const updated = selectionValue([boleto], [1], hoje)!.updatedCents;
    await userEvent.type(desconto, '1.000,00');
    expect(desconto).toHaveValue('R$ 1.000,00');
    expect(screen.getByLabelText('Total do parcelamento')).toHaveTextContent(formatBRL(updated - 100_000));
    const table = screen.getByRole('table', { name: 'Parcelas do acordo' });
    expect(within(table).getByText(formatBRL(updated - 100_000))).toBeInTheDocument();
  });

  it('with an invalid discount shows no figure computed from an earlier keystroke, and follows the next valid one', async () => {
    const desconto = await simulated();
    const updated = selectionValue([boleto], [1], hoje)!.updatedCents;
    // 5.000,00 is more than the debt; on the way, "5.00" was a valid R$ 5,00 discount
    await userEvent.type(desconto, '5.000,00');
    expect(screen.getByText('O desconto não pode ser maior que o valor atualizado.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Total do parcelamento')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Parcelas do acordo' })).not.toBeInTheDocument();
    expect(screen.queryByText(formatBRL(updated - 500))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Efetivar Acordo' })).toBeDisabled();

    await userEvent.clear(desconto);
    await userEvent.type(desconto, '10,00');
    expect(screen.getByLabelText('Total do parcelamento')).toHaveTextContent(formatBRL(updated - 1_000));
    expect(screen.getByRole('button', { name: 'Efetivar Acordo' })).toBeEnabled();
  });
});
