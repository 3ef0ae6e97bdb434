import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { PessoaFormPage } from './PessoaFormPage';

const api = vi.hoisted(() => ({ get: vi.fn(), documentos: vi.fn(), update: vi.fn(), updateIdentidade: vi.fn() }));
vi.mock('../api/pessoas', async (original) => ({ pessoasApi: { ...(await original<{ pessoasApi: object }>()).pessoasApi, ...api } }));
const user = vi.hoisted(() => ({ current: { id: 1, nivel: '2', empresa: null as { id: number } | null } }));
vi.mock('../../../lib/auth', async () => {
  const { NIVEL } = await import('@bg/domain');
  return { useCurrentUser: () => user.current, isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR };
});

const dados = {
  data_nascimento: '1980-01-02', cep: '01310100', endereco: 'Avenida Paulista', numero: '100', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo',
  uf: 'SP', telefone1: '11988880001', telefone2: null, ref_comercial: null, tel_ref_comercial: null, ref_pessoal: 'Rita', tel_ref_pessoal: '11912348765',
  ocupacao: 'Arquiteta', renda: 5400, socio_avalista: null, cpf_avalista: null,
};
const visaoA = { ...dados, empresa_id: 3, loja: 'Loja Centro', editavel: true, nome_razao: 'Maria S. Renomeada', divergencias: ['nome_razao'], updated_at: '2026-11-20T12:00:00Z' };
const visaoB = { ...dados, empresa_id: 4, loja: 'Loja Norte', editavel: true, nome_razao: 'Maria da Silva', numero: '999', divergencias: [], updated_at: '2026-11-19T12:00:00Z' };
const pessoa = (over: object) => ({ id: 7, tipo_pessoa: 'F', cpf_cnpj: '38172645007', situacao: 'ATIVO', ...dados, nome_razao: 'Maria da Silva', identidade: null, visoes: [], ...over });
const doc = (id: number, empresa_id: number | null, nome: string) => ({ id, nome, content_type: 'application/pdf', created_at: '2026-11-20T12:00:00Z', url: `/api/arquivo/f${id}?exp=1&sig=x`, empresa_id, loja: 'x' });

function open() {
  return renderWithProviders(
    <Routes>
      <Route path="/administracao/pessoas/atualizacao/:idPessoa" element={<PessoaFormPage />} />
    </Routes>,
    { route: '/administracao/pessoas/atualizacao/7' },
  );
}

describe('Atualização da Pessoa (decision 104)', () => {
  it('an administrador edits the shared identity and sees every Loja\'s view in its tab, the divergent one flagged, each with its own documents', async () => {
    user.current = { id: 1, nivel: '2', empresa: null };
    api.get.mockResolvedValue(pessoa({ identidade: { nome_razao: 'Maria da Silva', data_nascimento: '1980-01-02' }, visoes: [visaoA, visaoB] }));
    api.documentos.mockResolvedValue([doc(1, 3, 'rg-centro.pdf'), doc(2, 4, 'rg-norte.pdf')]);
    open();
    expect(await screen.findByRole('heading', { name: 'Identificação (comum a todas as lojas)' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Visões por loja' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Loja CentroDivergência', 'Loja Norte', 'Administração']);
    // the first tab: Loja Centro's data, its divergence, its document only
    expect(screen.getByDisplayValue('Maria S. Renomeada')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Salvar identificação' })).toBeInTheDocument();
    expect(screen.getByText('Divergência com a identificação (Loja Centro)')).toBeInTheDocument();
    expect(screen.getByText('Nome/Razão na identificação: Maria da Silva')).toBeInTheDocument();
    expect(await screen.findByText('rg-centro.pdf')).toBeInTheDocument();
    expect(screen.queryByText('rg-norte.pdf')).toBeNull();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Loja Norte' }));
    expect(await screen.findByText('rg-norte.pdf')).toBeInTheDocument();
    expect(screen.queryByText('rg-centro.pdf')).toBeNull();
    expect(screen.queryByText(/Divergência com a identificação/)).toBeNull();
    // saving a tab changes that Loja's view: the administrador's request names it
    api.update.mockResolvedValue({ status: 200, msg: 'Pessoa atualizada com sucesso.', data: { id: 7 } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(api.update).toHaveBeenCalledWith(7, expect.objectContaining({ empresa_id: 4, numero: '999', cpf_cnpj: '38172645007' })));
  });

  it('a shop edits its one view: no identity, no tabs, the document read-only', async () => {
    user.current = { id: 3, nivel: '1', empresa: { id: 3 } };
    api.get.mockResolvedValue(pessoa({ nome_razao: 'Maria S. Renomeada', visoes: [{ ...visaoA, divergencias: [] }] }));
    api.documentos.mockResolvedValue([doc(1, 3, 'rg-centro.pdf')]);
    open();
    expect(await screen.findByRole('heading', { name: 'Atualização da Pessoa' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Identificação/ })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText(/^CPF/)).toBeDisabled();
    expect(screen.getByDisplayValue('Maria S. Renomeada')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
  });

  it('a franqueado reads its franchisee\'s view without changing it', async () => {
    user.current = { id: 9, nivel: '3', empresa: { id: 5 } };
    api.get.mockResolvedValue(pessoa({ visoes: [{ ...visaoA, editavel: false, divergencias: [] }] }));
    api.documentos.mockResolvedValue([]);
    open();
    expect(await screen.findByDisplayValue('Maria S. Renomeada')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/administracao/pessoas');
    expect(screen.queryByText(/Arraste até/)).toBeNull();
  });
});
