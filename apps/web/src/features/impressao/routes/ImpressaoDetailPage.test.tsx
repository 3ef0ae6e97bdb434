import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { ImpressaoDetailPage } from './ImpressaoDetailPage';

const api = vi.hoisted(() => ({ getGarantiaImpressao: vi.fn(), boletoPdf: vi.fn() }));
vi.mock('../api/impressao', async (original) => {
  const real = await original<typeof import('../api/impressao')>();
  return { ...real, getGarantiaImpressao: api.getGarantiaImpressao, pdfs: { ...real.pdfs, boleto: api.boletoPdf } };
});
const assinaturas = vi.hoisted(() => ({ listAssinaturas: vi.fn(async () => [] as unknown[]) }));
vi.mock('../api/assinatura-envio', async (original) => ({ ...(await original<object>()), listAssinaturas: assinaturas.listAssinaturas }));
// the instalments at the bank (issue 26): a conta by CNAB files unless a test says otherwise
const banco = vi.hoisted(() => ({ getBoletoBanco: vi.fn(), consultarBoletoNoBanco: vi.fn(), registrarBoletoNoBanco: vi.fn() }));
vi.mock('../../../lib/boleto-banco-calls', () => banco);
const user = vi.hoisted(() => ({ current: { id: 1, nivel: '2', empresa: null } }));
vi.mock('../../../lib/auth', async () => {
  const { NIVEL } = await import('@bg/domain');
  return { useCurrentUser: () => user.current, isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR };
});
const cnab = (boleto_id: number) => ({
  boleto_id, modo: 'CNAB', estado: null, descricao: 'Conta por arquivo CNAB: o registro vai na remessa.', imprimivel: true, numero_banco: null, tentativas: 0,
  solicitado_em: null, registrado_em: null, proxima_tentativa: null, ultimo_erro: null, linha_digitavel: null, pix: false,
  alteracao_pendente: null, pagamento_em_processamento: null, comunicacoes: [],
});

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

beforeEach(() => banco.getBoletoBanco.mockImplementation(async (id: number) => cnab(id)));
afterEach(() => {
  api.getGarantiaImpressao.mockReset();
  banco.getBoletoBanco.mockReset();
});

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

  it('a conta by API: each released instalment at the bank, and the 409 of a slip not yet registered reaches the operator (issue 26)', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO'));
    banco.getBoletoBanco.mockImplementation(async (id: number) => ({
      ...cnab(id), modo: 'API', estado: id === 11 ? 'REGISTRADO' : 'ENVIANDO', imprimivel: id === 11, numero_banco: id === 11 ? '14000000000000011' : null,
      descricao: id === 11 ? 'Registrado no banco em 27/11/2026 12:00.' : 'Aguardando registro no banco (há 2 min).',
    }));
    api.boletoPdf.mockRejectedValue(new ApiError(409, { status: 409, msg: 'Aguardando registro no banco (há 2 min): o boleto pode ser impresso assim que o banco confirmar.' }));
    renderPage();
    const p1 = await screen.findByRole('region', { name: 'No banco — Parcela 01' });
    expect(p1).toHaveTextContent('Registrado');
    expect(p1).toHaveTextContent('Registrado no banco em 27/11/2026 12:00.');
    const p2 = screen.getByRole('region', { name: 'No banco — Parcela 02' });
    expect(p2).toHaveTextContent('Aguardando registro');
    fireEvent.click(screen.getByRole('button', { name: 'Gerar Boleto da parcela 2' }));
    expect(await screen.findByText('Aguardando registro no banco (há 2 min): o boleto pode ser impresso assim que o banco confirmar.')).toBeInTheDocument();
  });

  it('a conta by CNAB files: no bank section', async () => {
    api.getGarantiaImpressao.mockResolvedValue(garantia('APROVADO', 'S', 'APROVADO'));
    renderPage();
    await screen.findByRole('table', { name: 'Parcelas' });
    await waitFor(() => expect(banco.getBoletoBanco.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining([11, 12])));
    expect(screen.queryByText('Registro no banco')).not.toBeInTheDocument();
  });
});
