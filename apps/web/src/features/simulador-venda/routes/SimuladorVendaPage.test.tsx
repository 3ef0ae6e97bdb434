import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { SimuladorVendaPage } from './SimuladorVendaPage';

const api = vi.hoisted(() => ({ simularVenda: vi.fn() }));
vi.mock('../api/simulador', () => api);
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 1, nivel: '1', empresa: { id: 2, antecipa: 'S', simula_venda: 'S', qtd_max_parcelas: 12, fantasia: 'Loja Demo' } }) }));

// docs/financial-math.md §3, example S1 (V = R$ 1.000,00, n = 3, taxa 0,1% ao dia, today 10/03/2025)
const s1 = {
  status: 200, msg: 'ok', valor: 1000, qtd_parcelas: 3, taxa_prorrata: 0.1, empresa_id: 2,
  boletos: [
    { parcela: 1, vencimento: '2025-04-10', qtd_dias: 31, taxa: 3.1, valor_nova_parcela: 355.11, valor_taxa: 11.01, valor_liquido: 344.1 },
    { parcela: 2, vencimento: '2025-05-10', qtd_dias: 61, taxa: 6.1, valor_nova_parcela: 355.11, valor_taxa: 21.66, valor_liquido: 333.45 },
    { parcela: 3, vencimento: '2025-06-10', qtd_dias: 92, taxa: 9.2, valor_nova_parcela: 355.12, valor_taxa: 32.67, valor_liquido: 322.45 },
  ],
  valor_nova_parcela: 355.11, total: 1065.34, total_liquido: 1000,
};

afterEach(() => api.simularVenda.mockReset());

describe('Simulador de venda com taxas', () => {
  it('starts with 2 parcelas and keeps SIMULAR disabled while the value or the instalments are empty or zero', async () => {
    renderWithProviders(<SimuladorVendaPage />);
    const simular = screen.getByRole('button', { name: 'SIMULAR' });
    const parcelas = screen.getByLabelText(/Quantidade de parcelas/);
    expect(parcelas).toHaveValue('2');
    expect(simular).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Valor da venda/), { target: { value: '1000' } });
    await waitFor(() => expect(simular).toBeEnabled());
    fireEvent.change(parcelas, { target: { value: '' } });
    await waitFor(() => expect(simular).toBeDisabled());
    expect(await screen.findByText('É obrigatório informar a quantidade de parcelas')).toBeInTheDocument();
    fireEvent.change(parcelas, { target: { value: '0' } });
    await waitFor(() => expect(simular).toBeDisabled());
    fireEvent.change(parcelas, { target: { value: '13' } });
    expect(await screen.findByText('A quantidade de parcelas deve ser de 2 a 12.')).toBeInTheDocument();
  });

  it('shows each instalment vencimento and new value, and the total, as the API answered', async () => {
    api.simularVenda.mockResolvedValue(s1);
    renderWithProviders(<SimuladorVendaPage />);
    fireEvent.change(screen.getByLabelText(/Valor da venda/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/Quantidade de parcelas/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'SIMULAR' }));
    await waitFor(() => expect(api.simularVenda).toHaveBeenCalledWith(1000, 3, undefined));
    const table = await screen.findByRole('table', { name: 'Parcelas simuladas' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['01', '10/04/2025', '3,1%', 'R$ 355,11', 'R$ 344,10']);
    expect(within(rows[4]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Total', 'R$ 1.065,34', 'R$ 1.000,00']);
    // the last instalment absorbs the rounding, and the sentence says so
    expect(screen.getByText(/cobre/)).toHaveTextContent('cobre 2 × R$ 355,11 + R$ 355,12 = R$ 1.065,34.');
  });

  it('a refusal shows the server’s message and its field messages, and no results', async () => {
    api.simularVenda.mockResolvedValueOnce(s1);
    renderWithProviders(<SimuladorVendaPage />);
    fireEvent.change(screen.getByLabelText(/Valor da venda/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/Quantidade de parcelas/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'SIMULAR' }));
    expect(await screen.findByRole('table', { name: 'Parcelas simuladas' })).toBeInTheDocument();

    api.simularVenda.mockRejectedValueOnce(new ApiError(422, { status: 422, msg: 'Dados inválidos.', errors: { qtdParcelas: 'Limite de parcelas da loja excedido' } }));
    fireEvent.click(screen.getByRole('button', { name: 'SIMULAR' }));
    expect(await screen.findByText('Dados inválidos.')).toBeInTheDocument();
    expect(screen.getByText('Limite de parcelas da loja excedido')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Parcelas simuladas' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SIMULAR' })).not.toHaveAttribute('data-loading');
  });

  it('reads Valor da venda typed as 1.000,00 as one thousand reais (issue 25: not R$ 1,00)', async () => {
    api.simularVenda.mockResolvedValue(s1);
    renderWithProviders(<SimuladorVendaPage />);
    const valor = screen.getByLabelText(/Valor da venda/);
    await userEvent.type(valor, '1.000,00');
    expect(valor).toHaveValue('R$ 1.000,00');
    fireEvent.change(screen.getByLabelText(/Quantidade de parcelas/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'SIMULAR' }));
    await waitFor(() => expect(api.simularVenda).toHaveBeenCalledWith(1000, 3, undefined));
  });
});
