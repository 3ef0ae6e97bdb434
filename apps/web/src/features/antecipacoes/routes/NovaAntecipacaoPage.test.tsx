import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NIVEL } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { ApiError } from '../../../lib/api-client';
import { NovaAntecipacaoPage } from './NovaAntecipacaoPage';

const api = vi.hoisted(() => ({ simular: vi.fn(), enviarSolicitacao: vi.fn() }));
vi.mock('../api/antecipacoes', () => api);
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);
const auth = vi.hoisted(() => ({ nivel: '1' }));
vi.mock('../../../lib/auth', async (original) => ({
  ...(await original<object>()),
  useCurrentUser: () => ({ id: 1, nivel: auth.nivel, empresa: auth.nivel === NIVEL.ADMINISTRADOR ? null : { id: 2, antecipa: 'S', simula_venda: 'S', qtd_max_parcelas: 12, fantasia: 'Loja Demo' } }),
}));

// docs/financial-math.md §2 worked example, as the API answers it
const boleto = (id: number, valor: number, vencimento: string, qtd_dias: number, prorata: number, taxa: number) => ({
  id, digito: 1, parcela: 1, garantia_id: id + 100, garantia_digito: 5, data: '2025-02-01T13:00:00.000Z',
  nome_razao: `Cliente ${id}`, cpf_cnpj: '52998224725', vencimento, valor, qtd_dias, prorata, taxa,
});
const sim = {
  status: 200, msg: 'ok',
  boletos: [boleto(13, 123.45, '2025-03-11', 1, 0.12, 0.1), boleto(14, 104, '2025-03-11', 1, 0.1, 0.1), boleto(11, 500, '2025-04-10', 31, 15.5, 3.1), boleto(12, 333.33, '2025-05-09', 60, 20, 6)],
  totais: { data_simulacao: '2025-03-10', qtd_boletos: 4, total_boletos: 1060.78, total_prorata: 35.72, total_taxa_antecipacao: 26.52, taxa_basica: 9.9, total_antecipacao: 988.64 },
  taxas: { taxa_prorrata: 0.1, taxa_antecipacao: 2.5 },
};

afterEach(() => {
  api.simular.mockReset();
  api.enviarSolicitacao.mockReset();
  lookups.empresasForSelect.mockReset();
  auth.nivel = '1';
});

describe('Simulação da Antecipação', () => {
  it('shows each boleto with its prorata and days, the Subtotal and the Resumo exactly as answered', async () => {
    api.simular.mockResolvedValue(sim);
    renderWithProviders(<NovaAntecipacaoPage />);
    const table = await screen.findByRole('table', { name: 'Boletos da antecipação' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Garantia', 'Cliente', 'Vencimento', 'Valor', 'Prorata', 'Taxa']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[3]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['01/02/2025', '111-5/01', 'Cliente 11529.982.247-25', '10/04/2025', 'R$ 500,00', 'R$ 15,50 (31 dias)', '3,1%']);
    expect(within(rows[1]).getAllByRole('cell')[5].textContent).toBe('R$ 0,12 (1 dia)');
    expect(within(rows[5]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Subtotal', 'R$ 1.060,78', 'R$ 35,72', '']);
    const resumo = screen.getByRole('table', { name: 'Resumo' });
    expect(within(resumo).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Qtd. de Boletos', 'Total Boletos', 'Prorata', 'Taxa Antecipação', 'Taxa Básica', 'Total da Antecipação']);
    expect(within(resumo).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10/03/2025', '4', 'R$ 1.060,78', 'R$ 35,72', 'R$ 26,52', 'R$ 9,90', 'R$ 988,64']);
    // leaving the page cancels nothing: the button says where it goes (issue 25)
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    expect(api.simular).toHaveBeenCalledWith();
  });

  it('sends the figures it showed; when they no longer hold it says so and shows the new simulation', async () => {
    api.simular.mockResolvedValueOnce(sim).mockResolvedValueOnce({ ...sim, boletos: sim.boletos.slice(1), totais: { ...sim.totais, qtd_boletos: 3 } });
    api.enviarSolicitacao.mockRejectedValue(new ApiError(409, { status: 409, msg: 'Os valores da simulação mudaram.' }));
    renderWithProviders(<NovaAntecipacaoPage />);
    await screen.findByRole('table', { name: 'Resumo' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Solicitação (Sujeito a análise)' }));
    await waitFor(() => expect(api.enviarSolicitacao).toHaveBeenCalledWith(sim.boletos, sim.totais));
    expect(await screen.findByText('Os valores da simulação mudaram.')).toBeInTheDocument();
    await waitFor(() => expect(api.simular).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Resumo' })).getAllByRole('cell')[1].textContent).toBe('3'));
  });

  it('offers nothing to send when there is nothing to advance', async () => {
    api.simular.mockResolvedValue({ status: 200, msg: 'Não há boletos disponíveis para antecipação.', boletos: [], totais: null, taxas: sim.taxas });
    renderWithProviders(<NovaAntecipacaoPage />);
    expect(await screen.findByText('Não há boletos disponíveis para antecipação.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar Solicitação (Sujeito a análise)' })).toBeDisabled();
  });
});

describe('Simulação da Antecipação for an administrador (issue 25)', () => {
  it('asks for the shop first, then shows its simulation read only: no request can be sent', async () => {
    auth.nivel = '2';
    lookups.empresasForSelect.mockResolvedValue([{ value: 2, label: 'Loja Demo' }, { value: 3, label: 'Loja Centro' }]);
    api.simular.mockResolvedValue(sim);
    renderWithProviders(<NovaAntecipacaoPage />);
    expect(await screen.findByText('Selecione a loja para ver a simulação da antecipação dos boletos dela.')).toBeInTheDocument();
    expect(api.simular).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Loja' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Loja Centro' }));
    const resumo = await screen.findByRole('table', { name: 'Resumo' });
    expect(api.simular).toHaveBeenCalledWith(3);
    expect(within(resumo).getAllByRole('cell').at(-1)?.textContent).toBe('R$ 988,64');
    expect(screen.getByText('Somente consulta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar Solicitação/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeEnabled();
  });

  it("says why a shop's simulation cannot be shown", async () => {
    auth.nivel = '2';
    lookups.empresasForSelect.mockResolvedValue([{ value: 3, label: 'Loja Centro' }]);
    api.simular.mockRejectedValue(new ApiError(409, { status: 409, msg: 'A antecipação não está habilitada para esta loja.' }));
    renderWithProviders(<NovaAntecipacaoPage />, { route: '/operacao/antecipacoes/nova?empresa=3' });
    expect(await screen.findByText('A antecipação não está habilitada para esta loja.')).toBeInTheDocument();
    expect(api.simular).toHaveBeenCalledWith(3);
  });
});
