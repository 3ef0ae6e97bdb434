import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { EmpresaContaCobranca } from './EmpresaContaCobranca';

const api = vi.hoisted(() => ({ contasDeCobranca: vi.fn(), salvarContaDaEmpresa: vi.fn() }));
vi.mock('../api/empresa-conta', () => api);

const base = { agencia: '0810', carteira: '109', conta: null, nome: 'BG', cnpj: '11222333000181', cep: '01310100', endereco: 'Av', numero: '1', bairro: 'B', cidade: 'C', uf: 'SP', pix_chave: null, origem: 'ADMIN', modo: 'CNAB', updated_at: '2026-11-27T12:00:00.000Z', boletos_emitidos: 0 };
const caixa = { ...base, id: 1, banco: '104', codigo_beneficiario: '123456', ativa: true, padrao: true, layout_cnab: 240, empresas: [] };
const itau = { ...base, id: 2, banco: '341', codigo_beneficiario: '53678', ativa: true, padrao: false, layout_cnab: 400, empresas: [{ id: 9, nome: 'Loja Itaú' }] };
const antiga = { ...base, id: 3, banco: '001', codigo_beneficiario: '1238798', ativa: false, padrao: false, layout_cnab: 240, empresas: [] };

afterEach(() => {
  api.contasDeCobranca.mockReset();
  api.salvarContaDaEmpresa.mockReset();
});

describe('Conta de cobrança on the shop’s page (decision 126)', () => {
  it('shows the shop’s own conta, offers the active ones and the house default, and saves the choice', async () => {
    api.contasDeCobranca.mockResolvedValue([caixa, itau, antiga]);
    api.salvarContaDaEmpresa.mockResolvedValue({ status: 200, msg: 'A loja passa a usar a conta padrão da casa.', data: { empresa_id: 9, conta_cobranca_id: null } });
    renderWithProviders(<EmpresaContaCobranca empresaId={9} />);
    const select = await screen.findByRole('combobox', { name: 'Conta de cobrança da loja' });
    await waitFor(() => expect(select).toHaveValue('341 — agência 0810, beneficiário 53678, carteira 109'));
    fireEvent.click(select);
    // a deactivated conta is not offered
    expect(screen.queryByRole('option', { name: /1238798/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Conta padrão da casa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar conta de cobrança' }));
    await waitFor(() => expect(api.salvarContaDaEmpresa).toHaveBeenCalledWith(9, null));
  });

  it('reads the house default for a shop without a conta of its own', async () => {
    api.contasDeCobranca.mockResolvedValue([caixa, itau]);
    renderWithProviders(<EmpresaContaCobranca empresaId={5} />);
    const select = await screen.findByRole('combobox', { name: 'Conta de cobrança da loja' });
    await waitFor(() => expect(select).toHaveValue('Conta padrão da casa'));
  });
});
