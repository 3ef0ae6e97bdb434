import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonthsClamped, DATE_MSG, todayInSaoPaulo, ultimoVencimentoAceito } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import type { BoletoRow } from '../api/boletos';
import { UpdateBoletoForm } from './UpdateBoletoForm';

const api = vi.hoisted(() => ({ updateBoleto: vi.fn() }));
vi.mock('../api/boletos', async (original) => ({ ...(await original<object>()), updateBoleto: api.updateBoleto }));

const vencimento = addMonthsClamped(todayInSaoPaulo(), 2);
const row: BoletoRow = {
  id: 7, digito: 1, parcela: 2, valor: 350, valor_atualizado: 350, vencimento, situacao: 'GARANTIDO',
  created_at: '2026-11-22T13:00:00.000Z', garantia_id: 5, garantia_digito: 1, fantasia: 'Loja Demo', nome_razao: 'Ana', cpf_cnpj: '67431982500', antecipacao: null, pode_alterar: true,
};

afterEach(() => {
  vi.useRealTimers();
  api.updateBoleto.mockReset();
});

describe('Atualizar boleto (new due date and value)', () => {
  it('sends vencimento and valor, and its result dialog closes by itself after 1 s', async () => {
    api.updateBoleto.mockResolvedValue({ status: 200, msg: 'Boleto atualizado.' });
    const onDone = vi.fn();
    renderWithProviders(<UpdateBoletoForm row={row} onDone={onDone} onCancel={() => {}} />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Tudo Certo!')).toBeInTheDocument();
    expect(api.updateBoleto).toHaveBeenCalledWith(7, { vencimento, valor: 350 });
    expect(onDone).toHaveBeenCalled();
    // checked synchronously after each step, so no polling lets the clock run on
    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByText('Tudo Certo!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Tudo Certo!')).not.toBeInTheDocument();
  });

  it('validates with the API schema before sending (a past due date is refused)', async () => {
    renderWithProviders(<UpdateBoletoForm row={{ ...row, vencimento: '2020-01-10' }} onDone={() => {}} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
    expect(api.updateBoleto).not.toHaveBeenCalled();
  });

  it('refuses a due date the bank file cannot carry (9999-12-31, issue 23) with the Portuguese message', async () => {
    renderWithProviders(<UpdateBoletoForm row={{ ...row, vencimento: '9999-12-31' }} onDone={() => {}} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(DATE_MSG.vencimentoDistante(ultimoVencimentoAceito(todayInSaoPaulo())))).toBeInTheDocument();
    expect(api.updateBoleto).not.toHaveBeenCalled();
  });

  it('sends a Valor typed as 1.000,00 as one thousand reais (issue 25: not R$ 1,00)', async () => {
    api.updateBoleto.mockResolvedValue({ status: 200, msg: 'Boleto atualizado.' });
    renderWithProviders(<UpdateBoletoForm row={row} onDone={() => {}} onCancel={() => {}} />);
    const valor = screen.getByLabelText(/^Valor/);
    await userEvent.clear(valor);
    await userEvent.type(valor, '1.000,00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.updateBoleto).toHaveBeenCalledWith(7, { vencimento, valor: 1000 }));
  });
});
