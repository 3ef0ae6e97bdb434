import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ReguaPage } from './ReguaPage';

const api = vi.hoisted(() => ({
  get: vi.fn(), salvar: vi.fn(), restaurarPadrao: vi.fn(), executar: vi.fn(), proximos: vi.fn(), eficacia: vi.fn(), contestacoes: vi.fn(), contestar: vi.fn(), encerrar: vi.fn(),
}));
vi.mock('../api/regua', () => ({ reguaApi: api }));
const lookups = vi.hoisted(() => ({ empresasForSelect: vi.fn(), systemConfig: vi.fn() }));
vi.mock('../../../lib/lookup-calls', () => lookups);
// recharts draws nothing measurable under jsdom
vi.mock('@mantine/charts', () => ({ BarChart: ({ data }: { data: unknown[] }) => <div data-testid="chart">{data.length} etapas</div> }));

const etapa = (id: number, dias: number, canal: 'whatsapp' | 'email', template: string, ativo = true) => ({ id, dias, canal, template, ativo });
const padrao = {
  empresa_id: null, propria: true, parar_acordo: true, parar_spc: true, parar_contestado: true, updated_at: null, updated_by: null,
  etapas: [etapa(1, -10, 'whatsapp', 'lembrete_antecipado'), etapa(2, 0, 'whatsapp', 'lembrete_dia'), etapa(3, 7, 'email', 'atraso_amigavel')],
  lojas_com_regua_propria: [{ id: 9, fantasia: 'Loja Norte' }],
};
const reguaSelect = () => screen.getAllByLabelText('Régua').find((el) => el.tagName === 'INPUT')!;
const page = (data: unknown[], extra: object = {}) => ({ status: 200, msg: 'ok', data, from: 1, to: data.length, total: data.length, current_page: 1, last_page: 1, per_page: 15, ...extra });

beforeEach(() => {
  lookups.empresasForSelect.mockResolvedValue([{ value: 9, label: 'Loja Norte' }, { value: 10, label: 'Loja Sul' }]);
  api.get.mockImplementation(async (empresaId: number | null) => (empresaId === 10 ? { ...padrao, empresa_id: 10, propria: false, lojas_com_regua_propria: padrao.lojas_com_regua_propria } : empresaId === 9 ? { ...padrao, empresa_id: 9, etapas: [etapa(7, 5, 'whatsapp', 'atraso_amigavel')] } : padrao));
  api.proximos.mockResolvedValue(page([]));
  api.eficacia.mockResolvedValue([]);
  api.contestacoes.mockResolvedValue(page([]));
});
afterEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  lookups.empresasForSelect.mockReset();
});

describe('Administração > Régua de cobrança', () => {
  it('shows the default régua and saves the edited steps and stop conditions', async () => {
    api.salvar.mockResolvedValue({ status: 200, msg: 'Régua de cobrança salva.' });
    renderWithProviders(<ReguaPage />);
    const table = await screen.findByRole('table', { name: 'Etapas' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('D−10')).toBeInTheDocument();
    // paid and opted out always stop the régua: shown, not editable
    expect(screen.getByRole('checkbox', { name: /Boleto pago, baixado ou cancelado/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Boleto contestado' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remover etapa 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar etapa' }));
    const dia = screen.getByRole('textbox', { name: 'Dia da etapa 3' });
    await userEvent.clear(dia);
    await userEvent.type(dia, '15');
    await userEvent.click(screen.getByRole('switch', { name: 'Etapa 1 ativa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.salvar).toHaveBeenCalledTimes(1));
    expect(api.salvar).toHaveBeenCalledWith(null, {
      etapas: [
        { dias: -10, canal: 'whatsapp', template: 'lembrete_antecipado', ativo: false },
        { dias: 0, canal: 'whatsapp', template: 'lembrete_dia', ativo: true },
        { dias: 15, canal: 'whatsapp', template: 'atraso_amigavel', ativo: true },
      ],
      parar_acordo: true, parar_spc: true, parar_contestado: false,
    });
    expect(await screen.findByText('Régua de cobrança salva.')).toBeInTheDocument();
  });

  it('refuses a day out of range and a repeated day and channel before sending, in Portuguese', async () => {
    renderWithProviders(<ReguaPage />);
    await screen.findByRole('table', { name: 'Etapas' });
    const dia = screen.getByRole('textbox', { name: 'Dia da etapa 2' });
    await userEvent.clear(dia);
    await userEvent.type(dia, '-10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma etapa neste dia e canal.')).toBeInTheDocument();
    await userEvent.clear(dia);
    await userEvent.type(dia, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O dia deve ser um número inteiro de -10 a 60 (relativo ao vencimento).')).toBeInTheDocument();
    expect(api.salvar).not.toHaveBeenCalled();
  });

  it("a shop: the default's steps with a notice when it has none of its own; its own with 'Voltar à régua padrão'", async () => {
    api.restaurarPadrao.mockResolvedValue({ status: 200, msg: 'A loja voltou a usar a régua padrão.' });
    renderWithProviders(<ReguaPage />);
    await screen.findByRole('table', { name: 'Etapas' });
    await userEvent.click(reguaSelect());
    await userEvent.click(await screen.findByRole('option', { name: 'Loja Sul' }));
    expect(await screen.findByText(/Esta loja segue a régua padrão/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voltar à régua padrão' })).not.toBeInTheDocument();
    await userEvent.click(reguaSelect());
    await userEvent.click(await screen.findByRole('option', { name: 'Loja Norte — régua própria' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Etapas' })).getAllByRole('row')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Voltar à régua padrão' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar à régua padrão' }));
    await waitFor(() => expect(api.restaurarPadrao).toHaveBeenCalledWith(9));
  });

  it("Próximos envios: who, boleto, step, recipient, the text and whether it goes", async () => {
    api.proximos.mockResolvedValue(page([
      { boleto_id: 41, garantia_id: 4, parcela: 2, vencimento: '2026-12-10', valor: 150, pessoa_id: 3, pessoa_nome: 'Maria Souza', empresa_id: 9, loja: 'Loja Norte', dias: 0, canal: 'whatsapp', template: 'lembrete_dia', destinatario: '11987654321', situacao: 'enviar', adiado: false, subject: 'Mensagem de BG', texto: 'Olá, Maria! Mensagem de BG.\n\nHoje é o vencimento' },
      { boleto_id: 42, garantia_id: 4, parcela: 3, vencimento: '2026-12-07', valor: 150, pessoa_id: 3, pessoa_nome: 'Maria Souza', empresa_id: 9, loja: 'Loja Norte', dias: 3, canal: 'email', template: 'atraso_amigavel', destinatario: null, situacao: 'sem_contato', adiado: false, subject: 'Mensagem de BG', texto: 'Olá' },
    ], { dia: '2026-12-10' }));
    renderWithProviders(<ReguaPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Próximos envios' }));
    const table = await screen.findByRole('table', { name: 'Próximos envios' });
    expect(within(table).getByText('(11)98765-4321')).toBeInTheDocument();
    expect(within(table).getByText('D0 · WhatsApp')).toBeInTheDocument();
    expect(within(table).getByText('SERÁ ENVIADA')).toBeInTheDocument();
    expect(within(table).getByText('SEM CONTATO')).toBeInTheDocument();
    expect(within(table).getByText(/Hoje é o vencimento/)).toBeInTheDocument();
    expect(screen.getByText(/As mensagens que a régua enviará em/)).toHaveTextContent('10/12/2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'Etapa (dia)' }), '3');
    await waitFor(() => expect(api.proximos).toHaveBeenLastCalledWith(expect.objectContaining({ dias: '3', page: 1 })));
  });

  it('the cure rate per step, as a chart and a table', async () => {
    api.eficacia.mockResolvedValue([
      { dias: 0, canal: 'whatsapp', enviadas: 200, pagas_em_3_dias: 50, taxa: 25 },
      { dias: 7, canal: 'email', enviadas: 0, pagas_em_3_dias: 0, taxa: null },
    ]);
    renderWithProviders(<ReguaPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Recuperação por etapa' }));
    const table = await screen.findByRole('table', { name: 'Recuperação por etapa' });
    await within(table).findByText('25,0%');
    expect(within(table).getByText('D+7 · E-mail')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
    expect(screen.getByTestId('chart')).toHaveTextContent('2 etapas');
  });

  it('registers a contestation and closes one', async () => {
    api.contestacoes.mockResolvedValue(page([{ id: 5, boleto_id: 41, garantia_id: 4, parcela: 2, vencimento: '2026-12-10', valor: 150, pessoa_nome: 'Maria Souza', loja: 'Loja Norte', motivo: 'Valor errado', aberta_por: 'Admin', aberta_em: '2026-11-20T12:00:00.000Z', encerrada_por: null, encerrada_em: null, encerramento: null }]));
    api.contestar.mockResolvedValue({ status: 200, msg: 'Contestação registrada: o boleto não recebe mensagens da régua enquanto ela estiver aberta.', data: { id: 6 } });
    api.encerrar.mockResolvedValue({ status: 200, msg: 'Contestação encerrada: o boleto volta à régua de cobrança.' });
    renderWithProviders(<ReguaPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Contestações' }));
    await screen.findByRole('table', { name: 'Contestações' });
    await userEvent.click(screen.getByRole('button', { name: 'Registrar contestação' }));
    expect(await screen.findByText('Informe o número do boleto.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nº do boleto' }), '77');
    await userEvent.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Mercadoria devolvida');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar contestação' }));
    await waitFor(() => expect(api.contestar).toHaveBeenCalledWith(77, 'Mercadoria devolvida'));
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar contestação do boleto 41' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar' }));
    await waitFor(() => expect(api.encerrar).toHaveBeenCalledWith(5, expect.stringContaining('Valor errado')));
  });
});
