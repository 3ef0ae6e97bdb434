import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { InadimplentesPage } from './InadimplentesPage';

const api = vi.hoisted(() => ({ inadimplentes: vi.fn() }));
vi.mock('../api/cobranca', () => ({ cobrancaApi: api }));

const row = {
  id: 31, nome_razao: 'Carlos Eduardo Nogueira', cpf_cnpj: '62918437005', qtd_boletos: 2, valor_vencido: 1080, maior_atraso: 61, spc_ativo: true,
  telefones: ['11987654321', '1133224455', '11955554444', '11944443333'],
};
const page = { status: 200, msg: 'ok', data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 };

afterEach(() => api.inadimplentes.mockReset());

describe('Inadimplentes', () => {
  it('lists Id, Pessoa, Cpf/Cnpj and up to four phones joined by " / "; searches on Enter', async () => {
    api.inadimplentes.mockResolvedValue(page);
    renderWithProviders(<InadimplentesPage />);
    await screen.findByText('Carlos Eduardo Nogueira');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Id', 'Pessoa', 'Cpf/Cnpj', 'Telefones', 'Ação']);
    expect(screen.getByText('(11)98765-4321 / (11)3322-4455 / (11)95555-4444 / (11)94444-3333')).toBeInTheDocument();
    expect(screen.getByText('629.184.370-05')).toBeInTheDocument();
    expect(screen.getByText('SPC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detalhes de Carlos Eduardo Nogueira' })).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Pesquisar por nome ou CPF/CNPJ');
    fireEvent.change(box, { target: { value: 'Carlos' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.inadimplentes).toHaveBeenLastCalledWith(1, 'Carlos'));
  });
});
