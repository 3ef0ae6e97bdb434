import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { addDays, defaultSettlementDueDates, formatBRL, simulateSettlement, todayInSaoPaulo, toCents } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { InadimplenteDetailPage } from './InadimplenteDetailPage';

const api = vi.hoisted(() => ({
  inadimplente: vi.fn(),
  criarAcordo: vi.fn(),
  incluirSpc: vi.fn(),
  agendamentosDaPessoa: vi.fn(),
  criarAgendamento: vi.fn(),
  concluirAgendamento: vi.fn(),
  termoUrl: vi.fn(),
}));
vi.mock('../api/cobranca', () => ({ cobrancaApi: api, acordoVigente: () => true }));
const spcApi = vi.hoisted(() => ({ cartaUrl: vi.fn(), registrarPostagem: vi.fn() }));
vi.mock('../api/spc-carta', () => ({ spcCartaApi: spcApi }));

const hoje = todayInSaoPaulo();
const boleto = (id: number, valor: number, diasAtraso: number) => ({
  id, digito: 3, garantia_id: 40 + id, garantia_digito: 5, empresa: 'Loja Demo', parcela: id, vencimento: addDays(hoje, -diasAtraso),
  dias_atraso: Math.max(0, diasAtraso), valor, situacao: 'GARANTIDO', pagamentos_anteriores: 0, spc: null,
});
const detail = {
  pessoa: {
    id: 9, nome_razao: 'Juliana Pereira Santos', cpf_cnpj: '31827465003', tipo_pessoa: 'F', telefone1: '11987654321', telefone2: null, situacao: 'ATIVO',
    data_nascimento: '1985-06-15', cep: '01310100', endereco: 'Avenida Paulista', numero: '500', complemento: null, bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP',
    ref_comercial: null, tel_ref_comercial: null, ref_pessoal: null, tel_ref_pessoal: null, ocupacao: 'Analista', renda: 3500, socio_avalista: null, cpf_avalista: null,
  },
  telefones: ['11987654321', '1133224455'],
  hoje,
  boletos: [boleto(1, 250.02, 54), boleto(2, 180.55, 18), boleto(3, 320.1, -15)],
  totais: null,
  acordos: [],
};

afterEach(() => Object.values(api).forEach((f) => f.mockReset()));

function renderPage(data: object = detail) {
  api.inadimplente.mockResolvedValue(data);
  api.agendamentosDaPessoa.mockResolvedValue([]);
  return renderWithProviders(
    <Routes>
      <Route path="/cobranca/inadimplentes/detalhe/:inadimplenteId" element={<InadimplenteDetailPage />} />
      <Route path="/cobranca/inadimplentes" element={<h1>Lista de inadimplentes</h1>} />
    </Routes>,
    { route: '/cobranca/inadimplentes/detalhe/9' },
  );
}

describe('Detalhe do Inadimplente — Novo Acordo', () => {
  it('shows the person and the pending boletos; overdue ones ticked, their totals from the domain', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Inadimplente: Juliana Pereira Santos' })).toBeInTheDocument();
    expect(screen.getByText('(11)98765-4321 / (11)3322-4455')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Boletos pendentes' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Acordo', 'Empresa', 'Protocolo', 'Garantia', 'Vencimento', 'Dias de Atraso', 'Valor', 'Situação', 'SPC']);
    expect(screen.getByRole('checkbox', { name: 'Incluir o boleto 1-3 no acordo' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Incluir o boleto 3-3 no acordo' })).not.toBeChecked();
    expect(screen.getByLabelText('Total sem juros')).toHaveTextContent('R$ 430,57');
    // Incluir no SPC only for overdue boletos
    expect(screen.getByRole('button', { name: 'Incluir no SPC o boleto 3-3' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Incluir no SPC o boleto 1-3' })).toBeEnabled();
  });

  it('simulates 3 instalments with a discount, hides Simular, and effects the acordo with the figures shown', async () => {
    const user = userEvent.setup();
    api.criarAcordo.mockResolvedValue({ status: 200, msg: 'Acordo efetivado!', data: { id: 77 } });
    renderPage();
    await screen.findByRole('table', { name: 'Boletos pendentes' });
    await user.click(screen.getByRole('combobox', { name: 'Quantidade de parcelas' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    expect(screen.getAllByLabelText(/Vencimento da parcela/)).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Valor da 1ª parcela' }), '200');
    await user.click(screen.getByRole('button', { name: 'Simular' }));

    const dates = defaultSettlementDueDates(hoje, 3);
    const chosen = detail.boletos.slice(0, 2).map((b) => ({ amountCents: toCents(b.valor), dueDate: b.vencimento }));
    const plain = simulateSettlement({ boletos: chosen, today: hoje, installments: 3, dueDates: dates, firstAmountCents: 20000 });
    expect(await screen.findByLabelText('Total do parcelamento')).toHaveTextContent(formatBRL(plain.totalCents));
    expect(screen.queryByRole('button', { name: 'Simular' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Desconto' }), '10');
    const discounted = simulateSettlement({ boletos: chosen, today: hoje, installments: 3, dueDates: dates, firstAmountCents: 20000, discountCents: 1000 });
    await waitFor(() => expect(screen.getByLabelText('Total do parcelamento')).toHaveTextContent(formatBRL(discounted.totalCents)));
    const plan = screen.getByRole('table', { name: 'Parcelas do acordo' });
    expect(within(plan).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Efetivar Acordo' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, efetivar acordo' }));
    await waitFor(() => expect(api.criarAcordo).toHaveBeenCalledTimes(1));
    expect(api.criarAcordo.mock.calls[0][0]).toEqual({
      pessoa_id: 9,
      boletoIds: [1, 2],
      qtdParcelas: 3,
      vencimentos: dates,
      valorEntrada: 200,
      desconto: 10,
      valor_sem_juros: 430.57,
      valor_atualizado: discounted.updatedCents / 100,
      totalParcelamento: discounted.totalCents / 100,
      parcelas: discounted.installments.map((p) => ({ parcela: p.number, vencimento: p.dueDate, valor: p.amountCents / 100 })),
    });
  });

  it('asks for the first value (spec §5) and lets the operator redo the simulation', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Boletos pendentes' });
    await user.click(screen.getByRole('combobox', { name: 'Quantidade de parcelas' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Valor da 1ª parcela' }), '100');
    await user.click(screen.getByRole('button', { name: 'Simular' }));
    await user.click(await screen.findByRole('button', { name: 'Refazer Simulação' }));
    expect(screen.getByRole('button', { name: 'Simular' })).toBeInTheDocument();
    expect(api.criarAcordo).not.toHaveBeenCalled();
  });
});

describe('Detalhe do Inadimplente — SPC and people without overdue boletos (issue 25)', () => {
  it('"Incluir no SPC" issues the notice (a letter, and messages) and returns to the debtor list', async () => {
    const user = userEvent.setup();
    api.incluirSpc.mockResolvedValue({ status: 200, msg: 'Aviso prévio enviado ao devedor.', data: { id: 5 } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Incluir no SPC o boleto 1-3' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, emitir o aviso prévio' }));
    expect(api.incluirSpc).toHaveBeenCalledWith(1);
    expect(await screen.findByRole('heading', { name: 'Lista de inadimplentes' })).toBeInTheDocument();
  });

  it('a notice whose letter is not posted yet: the letter, "Registrar postagem" (date + AR code), no SPC button', async () => {
    const user = userEvent.setup();
    const avisado = { ...boleto(1, 250.02, 54), spc: { id: 5, status: 'AVISADA', protocolo: null, incluido_em: '2026-11-20T13:00:00.000Z', aviso_em: '2026-11-20T13:00:00.000Z', inclusao_prevista: null, carta_postada_em: null, carta_rastreio: null, exclusao_prazo: null, removido_em: null } };
    spcApi.registrarPostagem.mockResolvedValue({ status: 200, msg: 'Postagem registrada.', data: { id: 5, carta_postada_em: '2026-11-21', carta_rastreio: 'AR123456789BR', inclusao_prevista: '2026-12-01' } });
    renderPage({ ...detail, boletos: [avisado, boleto(2, 180.55, 18)] });
    expect(await screen.findByText('Aviso emitido em 20/11/2026, aguardando a postagem da carta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Incluir no SPC o boleto 1-3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Incluir no SPC o boleto 2-3' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Carta de aviso do SPC nº 5' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Registrar postagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postagem da carta de aviso (AR)' });
    const codigo = within(dialog).getByRole('textbox', { name: /Código de rastreamento do AR/ });
    await user.type(codigo, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar postagem' }));
    expect(await within(dialog).findByText('Informe o código de rastreamento do AR no formato dos Correios (ex.: AR123456789BR).')).toBeInTheDocument();
    expect(spcApi.registrarPostagem).not.toHaveBeenCalled();
    await user.clear(codigo);
    await user.type(codigo, 'AR123456789BR');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar postagem' }));
    await waitFor(() => expect(spcApi.registrarPostagem).toHaveBeenCalledWith(5, { data_postagem: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), codigo_rastreio: 'AR123456789BR' }));
  });

  it('a posted notice shows the posting, the AR code and when the inclusion is due', async () => {
    const postado = { ...boleto(1, 250.02, 54), spc: { id: 5, status: 'AVISADA', protocolo: null, incluido_em: '2026-11-20T13:00:00.000Z', aviso_em: '2026-11-20T13:00:00.000Z', inclusao_prevista: '2026-12-01', carta_postada_em: '2026-11-21', carta_rastreio: 'AR123456789BR', exclusao_prazo: null, removido_em: null } };
    renderPage({ ...detail, boletos: [postado] });
    expect(await screen.findByText('Aviso postado em 21/11/2026, inclusão prevista para 01/12/2026')).toBeInTheDocument();
    expect(screen.getByText('AR AR123456789BR')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Corrigir postagem' })).toBeInTheDocument();
  });

  it('a person with no overdue boleto is not shown as a defaulter', async () => {
    renderPage({ ...detail, boletos: [boleto(3, 320.1, -15)] });
    expect(await screen.findByText('Juliana Pereira Santos não possui boletos vencidos em aberto: não há inadimplência a cobrar.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Inadimplente: Juliana Pereira Santos' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Incluir no SPC/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simular' })).toBeNull();
  });

  it('a person whose overdue boletos went into an acordo still being paid stays on the collection page', async () => {
    const acordo = { id: 7, status: 'Aguardando Ativação' as const, valor: 600, numero_parcelas: 3, ultimo_vencimento: '2030-03-10', created_at: '2026-11-27T12:00:00.000Z' };
    renderPage({ ...detail, boletos: [boleto(3, 320.1, -15)], acordos: [acordo] });
    expect(await screen.findByRole('heading', { name: 'Inadimplente: Juliana Pereira Santos' })).toBeInTheDocument();
    expect(screen.queryByText(/não possui boletos vencidos em aberto/)).toBeNull();
  });
});
