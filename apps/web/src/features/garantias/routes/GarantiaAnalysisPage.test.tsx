import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { GarantiaAnalysisPage } from './GarantiaAnalysisPage';
import { GarantiasListPage } from './GarantiasListPage';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn() }));
vi.mock('../api/garantias-api', async (original) => ({ garantiasApi: { ...(await original<{ garantiasApi: object }>()).garantiasApi, ...api } }));
vi.mock('../../../lib/lookup-calls', () => ({ empresasForSelect: vi.fn(async () => []) }));

const pessoa = {
  id: 7, tipo_pessoa: 'F', cpf_cnpj: '38172645007', nome_razao: 'João Pedro Almeida', data_nascimento: '1980-01-02', cep: '01310100',
  endereco: 'Avenida Paulista', numero: '100', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', telefone1: '11987651234',
  telefone2: null, ref_comercial: null, tel_ref_comercial: null, ref_pessoal: 'Rita', tel_ref_pessoal: '11912348765', ocupacao: 'Arquiteto',
  renda: 5400, socio_avalista: null, cpf_avalista: null, telefones: [], origem: 'solicitacao', identidade: { nome_razao: 'João Pedro Almeida', data_nascimento: '1980-01-02' }, divergencias: [],
};
const approvedNotReleased = {
  id: 4, digito: 3, protocolo: '4-3', data: '2026-11-19T13:00:00-03:00', status: 'APROVADO', status_label: 'PRÉ APROVADO', libera_boleto: 'N',
  motivo: null, observacao: null, qtd_titulo: 2, possui_duplicata: 'N', decidido_por_nome: 'Ana Administradora', decidido_em: '2026-11-19T14:00:00-03:00',
  empresa: { id: 2, fantasia: 'Loja Demo', razao: 'Loja Demo Ltda' }, usuario: { id: 3, name: 'Lucas Lojista', empresa: { fantasia: 'Loja Demo', razao: 'Loja Demo Ltda' } },
  pessoa, boletos: [], boletos_anteriores: [], documentacao: [], duplicatas: [], consultas: { restritiva: null, analitica: null },
};
const row = { id: 4, digito: 3, protocolo: '4-3', data: '2026-11-19T13:00:00-03:00', loja: 'Loja Demo', pessoa: 'João Pedro Almeida', cpf_cnpj: '38172645007', qtd_titulo: 2, status: 'APROVADO', libera_boleto: 'N', possui_duplicata: 'N' };

describe('Análise da Garantia (administrador)', () => {
  it('shows APROVADO with the release state beside it, never the shop user\'s PRÉ APROVADO', async () => {
    api.get.mockResolvedValue(approvedNotReleased);
    renderWithProviders(
      <Routes>
        <Route path="/operacao/garantias/detalhe/:garantiaId" element={<GarantiaAnalysisPage />} />
      </Routes>,
      { route: '/operacao/garantias/detalhe/4' },
    );
    expect(await screen.findByRole('heading', { name: 'Análise da Garantia 4-3' })).toBeInTheDocument();
    const dados = screen.getByRole('region', { name: 'Dados da solicitação' });
    expect(dados.querySelector('[data-status="APROVADO"]')).not.toBeNull();
    expect(dados).toHaveTextContent('Boletos liberados: Não');
    expect(screen.queryByText('PRÉ APROVADO')).not.toBeInTheDocument();
  });

  it('shows what this Loja typed, the divergence from the identity, and phones and documents of every Loja marked by it (decision 104)', async () => {
    api.get.mockResolvedValue({
      ...approvedNotReleased,
      pessoa: {
        ...pessoa,
        nome_razao: 'J. P. Almeida',
        divergencias: ['nome_razao'],
        telefones: [{ id: 1, telefone: '11955550001', contato: 'Recado', empresa_id: 2, loja: 'Loja Demo' }, { id: 2, telefone: '21955550002', contato: 'Trabalho', empresa_id: 5, loja: 'Ótica Visão Clara' }],
      },
      documentacao: [
        { id: 'a', nome: 'rg-demo.png', url: '/api/arquivo/a?exp=1&sig=x', empresa_id: 2, loja: 'Loja Demo' },
        { id: 'b', nome: 'rg-otica.png', url: '/api/arquivo/b?exp=1&sig=x', empresa_id: 5, loja: 'Ótica Visão Clara' },
      ],
    });
    renderWithProviders(
      <Routes>
        <Route path="/operacao/garantias/detalhe/:garantiaId" element={<GarantiaAnalysisPage />} />
      </Routes>,
      { route: '/operacao/garantias/detalhe/4' },
    );
    const dados = await screen.findByRole('region', { name: 'Dados da solicitação' });
    expect(dados).toHaveTextContent('J. P. Almeida');
    expect(dados).toHaveTextContent('(11)98765-1234 / (11)95555-0001 (Loja Demo) / (21)95555-0002 (Ótica Visão Clara)');
    expect(within(dados).getByText('Divergência com a identificação da pessoa')).toBeInTheDocument();
    expect(dados).toHaveTextContent('Nome/Razão na identificação: João Pedro Almeida');
    const docs = screen.getByRole('region', { name: 'Documentação' });
    await userEvent.click(within(docs).getByRole('button', { name: 'Exibir' }));
    expect(within(docs).getByText('Loja: Loja Demo')).toBeInTheDocument();
    expect(within(docs).getByText('Loja: Ótica Visão Clara')).toBeInTheDocument();
  });

  it('the admin list shows the same: APROVADO and the release state', async () => {
    api.list.mockResolvedValue({ data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 });
    renderWithProviders(<GarantiasListPage />);
    const cell = (await screen.findByText('João Pedro Almeida')).closest('tr')!;
    expect(cell.querySelector('[data-status="APROVADO"]')).not.toBeNull();
    expect(cell).toHaveTextContent('Boletos liberados: Não');
  });
});
