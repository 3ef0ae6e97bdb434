import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AntecipacoesPage } from './AntecipacoesPage';

const api = vi.hoisted(() => ({
  listAntecipacoes: vi.fn(),
  aprovar: vi.fn(),
  negar: vi.fn(),
  documentoUrl: vi.fn(),
  getAntecipacao: vi.fn(),
}));
vi.mock('../api/antecipacoes', () => api);
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);
// jsdom opens no tabs: the tab is "opened" and pointed at the URL the request answers
const tabs = vi.hoisted(() => ({ opened: [] as (string | null | undefined)[] }));
vi.mock('../../../lib/new-tab', () => ({
  withNewTab: async <R,>(send: () => Promise<R>, urlOf: (result: R) => string | null | undefined) => {
    const result = await send();
    tabs.opened.push(urlOf(result));
    return result;
  },
}));
const auth = vi.hoisted(() => ({ nivel: '1' }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 1, nivel: auth.nivel, empresa: { id: 2, antecipa: 'S', simula_venda: 'S', qtd_max_parcelas: 12, fantasia: 'Loja Demo' } }) }));

const row = (id: number, situacao: string) => ({
  id, created_at: '2025-03-10T15:00:00.000Z', empresa_id: 2, fantasia: 'Loja Demo', qtd_boletos: 4, total_boletos: 1060.78,
  total_prorata: 35.72, total_taxa_antecipacao: 26.52, taxa_basica: 0, total_antecipacao: 998.54, situacao,
});
const page = { status: 200, msg: 'ok', data: [row(7, 'EM ANÁLISE'), row(6, 'APROVADA')], from: 1, to: 2, total: 2, current_page: 1, last_page: 1, per_page: 15 };

afterEach(() => {
  [...Object.values(api), ...Object.values(lookups)].forEach((f) => f.mockReset());
  tabs.opened.length = 0;
  auth.nivel = '1';
});

describe('Antecipações', () => {
  it('lists the spec columns; the usuario gets Simular and no decision buttons', async () => {
    api.listAntecipacoes.mockResolvedValue(page);
    renderWithProviders(<AntecipacoesPage />);
    const table = await screen.findByRole('table', { name: 'Antecipações' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Data', 'Qtd. de Boletos', 'Total Boletos', 'Prorata', 'Taxa', 'Total da Antecipação', 'Situação', 'Ação']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell').slice(0, 7).map((c) => c.textContent)).toEqual(['10/03/2025', '4', 'R$ 1.060,78', 'R$ 35,72', 'R$ 26,52', 'R$ 998,54', 'EM ANÁLISE']);
    expect(screen.getByRole('button', { name: 'Simular' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar antecipação 7' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Documento da antecipação 6' })).toBeInTheDocument();
  });

  it('the administrador sees the Loja, no Simular, and approves after confirming; the document opens', async () => {
    auth.nivel = '2';
    api.listAntecipacoes.mockResolvedValue(page);
    lookups.empresasForSelect.mockResolvedValue([]);
    api.aprovar.mockResolvedValue({ status: 200, msg: 'Antecipação aprovada!', data: { id: 7, situacao: 'APROVADA' } });
    api.documentoUrl.mockResolvedValue('blob:doc');
    renderWithProviders(<AntecipacoesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar antecipação 7' }));
    expect(screen.getAllByRole('columnheader')[0].textContent).toBe('Loja');
    expect(screen.queryByRole('button', { name: 'Simular' })).not.toBeInTheDocument();
    // issue 25: the administrador looks at a shop's simulation (read only) from here
    expect(screen.getByRole('button', { name: 'Simulação de uma loja' })).toBeInTheDocument();
    expect(await screen.findByText(/Esta ação não pode ser desfeita/)).toBeInTheDocument();
    expect(api.aprovar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sim, aprovar antecipação' }));
    await waitFor(() => expect(api.aprovar).toHaveBeenCalledWith(7));
    await waitFor(() => expect(api.documentoUrl).toHaveBeenCalledWith(7));
    expect(await screen.findByText('Tudo Certo!')).toBeInTheDocument();
    await waitFor(() => expect(tabs.opened).toEqual(['blob:doc']));
    await waitFor(() => expect(api.listAntecipacoes).toHaveBeenCalledTimes(2));
  });

  it('the administrador filters by Situação; a refused decision shows the server’s message and reloads the list', async () => {
    auth.nivel = '2';
    api.listAntecipacoes.mockResolvedValue(page);
    lookups.empresasForSelect.mockResolvedValue([]);
    api.negar.mockRejectedValue(new ApiError(409, { status: 409, msg: 'Esta antecipação já foi decidida.' }));
    renderWithProviders(<AntecipacoesPage />);
    await waitFor(() => expect(api.listAntecipacoes).toHaveBeenLastCalledWith({ page: 1, situacao: '', empresa_id: '' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Situação' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EM ANÁLISE' }));
    await waitFor(() => expect(api.listAntecipacoes).toHaveBeenLastCalledWith({ page: 1, situacao: 'EM ANÁLISE', empresa_id: '' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Negar antecipação 7' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, negar antecipação' }));
    expect(await screen.findByText('Esta antecipação já foi decidida.')).toBeInTheDocument();
    expect(api.negar).toHaveBeenCalledWith(7);
    await waitFor(() => expect(api.listAntecipacoes).toHaveBeenCalledTimes(3));
  });

  it('Documento opens the advance document in a new tab', async () => {
    api.listAntecipacoes.mockResolvedValue(page);
    api.documentoUrl.mockResolvedValue('blob:doc-6');
    renderWithProviders(<AntecipacoesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Documento da antecipação 6' }));
    await waitFor(() => expect(tabs.opened).toEqual(['blob:doc-6']));
    expect(api.documentoUrl).toHaveBeenCalledWith(6);
  });
});
