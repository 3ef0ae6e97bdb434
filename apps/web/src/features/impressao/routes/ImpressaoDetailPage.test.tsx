import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { ImpressaoDetailPage } from './ImpressaoDetailPage';

const api = vi.hoisted(() => ({ getGarantiaImpressao: vi.fn() }));
vi.mock('../api/impressao', async (original) => ({ ...(await original<object>()), getGarantiaImpressao: api.getGarantiaImpressao }));
const assinaturas = vi.hoisted(() => ({ listAssinaturas: vi.fn(async () => [] as unknown[]) }));
vi.mock('../api/assinatura-envio', async (original) => ({ ...(await original<object>()), listAssinaturas: assinaturas.listAssinaturas }));

const garantia = (status: string, libera_boleto: 'S' | 'N', situacao: string, opts: { pode_alterar?: boolean; situacoes?: string[] } = {}) => ({
  id: 4, digito: 3, data: '2026-11-19', status, libera_boleto, situacao, qtd_titulo: 2, fantasia: 'Loja Demo',
  nome_razao: 'João Pedro Almeida', cpf_cnpj: '38172645007', pode_alterar: opts.pode_alterar ?? true,
  boletos: [1, 2].map((parcela) => ({
    id: 10 + parcela, digito: 1, parcela, valor: 800, vencimento: `2027-0${parcela}-22`,
    situacao: opts.situacoes?.[parcela - 1] ?? (libera_boleto === 'S' ? 'DISPONÍVEL PARA PAGAMENTO' : null), linha_digitavel: null,
  })),
});

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/operacao/garantias/impressao/detalhe/:garantiaId" element={<ImpressaoDetailPage />} />
    </Routes>,
    { route: '/operacao/garantias/impressao/detalhe/4' },
  );
}

afterEach(() => api.getGarantiaImpressao.mockReset());

describe('Boletos da Garantia', () => {
  it('PRÉ APROVADO: no Imprimir Carnê and Gerar Boleto disabled until the boletos are released', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'N', 'PRÉ APROVADO'));
    renderPage();
    const dados = await screen.findByRole('table', { name: 'Dados da solicitação' });
    for (const header of ['Protocolo', 'Data', 'Pessoa', 'Cpf/Cnpj', 'Quant.', 'Situação']) expect(dados).toHaveTextContent(header);
    expect(dados).toHaveTextContent('4-3');
    expect(dados).toHaveTextContent('PRÉ APROVADO');
    expect(screen.queryByRole('button', { name: 'Imprimir Carnê' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir Duplicatas' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Assinatura digital' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Gerar Boleto da parcela 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Gerar Boleto da parcela 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.getByText(/Arraste aqui as duplicatas assinadas/)).toBeInTheDocument();
  });

  it('PENDENTE: nothing to print yet', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('PENDENTE', 'N', 'PENDENTE'));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Gerar Boleto da parcela 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Imprimir Carnê' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assinatura digital' })).toBeDisabled();
  });

  it('released (libera_boleto S): Imprimir Carnê shown and Gerar Boleto enabled', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO'));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Imprimir Carnê' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Gerar Boleto da parcela 1' })).toBeEnabled();
    const parcelas = screen.getByRole('table', { name: 'Parcelas' });
    for (const header of ['Parcela', 'Valor', 'Vencimento']) expect(parcelas).toHaveTextContent(header);
    expect(parcelas).toHaveTextContent('R$ 800,00');
  });

  // issue 25, "only the actions one may take"
  it("a franqueado on its franchisee's guarantee: no Assinatura digital nor duplicata upload, it says the guarantee is read only", async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO', { pode_alterar: false }));
    renderPage();
    expect(await screen.findByText('Garantia de uma loja franqueada: somente consulta.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinatura digital' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Arraste aqui as duplicatas assinadas/)).not.toBeInTheDocument();
    expect(screen.queryByText('Duplicatas assinadas')).not.toBeInTheDocument();
    // printing is reading: the slips and duplicatas stay available
    expect(screen.getByRole('button', { name: 'Imprimir Duplicatas' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Gerar Boleto da parcela 1' })).toBeEnabled();
  });

  it('every instalment paid: no Imprimir Carnê, no Gerar Boleto, no signature request for a debt already settled', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO', { situacoes: ['LIQUIDADO', 'BAIXADO'] }));
    renderPage();
    await screen.findByRole('table', { name: 'Parcelas' });
    expect(screen.queryByRole('button', { name: 'Imprimir Carnê' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Gerar Boleto/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinatura digital' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir Duplicatas' })).toBeEnabled();
  });

  it('one instalment paid, one open: Gerar Boleto only for the open one, Assinatura digital still offered', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO', { situacoes: ['LIQUIDADO', 'GARANTIDO'] }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Gerar Boleto da parcela 2' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Gerar Boleto da parcela 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir Carnê' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Assinatura digital' })).toBeEnabled();
  });
});
