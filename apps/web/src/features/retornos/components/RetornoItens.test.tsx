import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { RetornoItens } from './RetornoItens';

const api = vi.hoisted(() => ({ listItens: vi.fn() }));
vi.mock('../api/retornos', () => api);

const item = (linha: number, mensagem: string) => ({
  linha, nosso_numero: '14000000099999999', movimento: '06', movimento_descricao: 'Liquidação', resultado: 'NAO_ENCONTRADO', boleto_id: null, boleto_avulso_id: null,
  situacao_de: null, situacao_para: null, valor_titulo: 12.34, valor_pago: 12.34, valor_tarifa: 0, valor_juros: 0, data_ocorrencia: '2026-01-05', data_credito: null,
  motivos: null, mensagem,
});
const page = (n: number) => ({ status: 200, msg: 'ok', data: [item(n + 8, `Título da página ${n}`)], from: n, to: n, total: 2, current_page: n, last_page: 2, per_page: 1 });

afterEach(() => api.listItens.mockReset());

describe('RetornoItens', () => {
  it('pages through the per-title results; a Resultado filter goes back to page 1', async () => {
    api.listItens.mockImplementation(async (_id: number, p: number) => page(p));
    renderWithProviders(<RetornoItens id={12} />);
    expect(await screen.findByText('Título da página 1')).toBeInTheDocument();
    expect(api.listItens).toHaveBeenLastCalledWith(12, 1, '');

    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Título da página 2')).toBeInTheDocument();
    expect(api.listItens).toHaveBeenLastCalledWith(12, 2, '');

    await userEvent.click(screen.getByRole('combobox', { name: 'Resultado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Não encontrado' }));
    await waitFor(() => expect(api.listItens).toHaveBeenLastCalledWith(12, 1, 'NAO_ENCONTRADO'));
    expect(await screen.findByText('Título da página 1')).toBeInTheDocument();
  });
});
