import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mesAnoTexto, mesAtual } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { FaturamentoPage } from './FaturamentoPage';

const api = vi.hoisted(() => ({ getFaturamento: vi.fn(), faturamentoCsvUrl: vi.fn() }));
vi.mock('../api/relatorios', () => api);
const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../lib/download', () => files);
// recharts draws nothing measurable under jsdom; the chart gets its own e2e check
vi.mock('../components/FaturamentoChart', () => ({ FaturamentoChart: ({ meses }: { meses: unknown[] }) => <div data-testid="chart">{meses.length} meses</div> }));

const fig = (f: number[]) => ({ total_boletos: f[0], recebido_estabelecimento: f[1], servicos_premium: f[2], repasse_liquido: f[3], recebido_premium: f[4], receita: f[5] });
const body = {
  status: 200, msg: 'ok', mes: 3, ano: 2025,
  data: [
    { empresa_id: 2, razao: 'Loja Demo Ltda', fantasia: 'Loja Demo', ...fig([430.55, 180.55, 176.5, 73.5, 250, 176.5]) },
    { empresa_id: 4, razao: 'Parceira Ltda', fantasia: 'Parceira Isenta', ...fig([249.9, 0, 0, 249.9, 249.9, 0]) },
  ],
  subtotal: fig([680.45, 180.55, 176.5, 323.4, 499.9, 176.5]),
  meses: Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, ano: 2024, receita: 1, repasse_liquido: 1, recebido_premium: 1 })),
};

afterEach(() => {
  api.getFaturamento.mockReset();
  api.faturamentoCsvUrl.mockReset();
  files.download.mockReset();
});

describe('Faturamento', () => {
  it('asks for the current month by default and shows the spec columns, the subtotal and the chart', async () => {
    api.getFaturamento.mockResolvedValue(body);
    renderWithProviders(<FaturamentoPage />);
    await waitFor(() => expect(api.getFaturamento).toHaveBeenCalledWith(mesAtual()));
    const table = await screen.findByRole('table', { name: 'Faturamento' });
    await screen.findByText('Parceira Isenta');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Loja', 'Repasse Bruto', 'Recebido Estab', 'Serviços Premium', 'Repasse Líquido', 'Recebido Premium', 'Receita']);
    // the operator is told the figures are the ledger's, by the bank's dates (issue 24)
    expect(screen.getByText(/Valores do razão pelas datas do banco: cada pagamento entra no mês da data de crédito/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Loja Demo', 'R$ 430,55', 'R$ 180,55', 'R$ 176,50', 'R$ 73,50', 'R$ 250,00', 'R$ 176,50']);
    expect(within(rows[3]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Subtotal', 'R$ 680,45', 'R$ 180,55', 'R$ 176,50', 'R$ 323,40', 'R$ 499,90', 'R$ 176,50']);
    expect(screen.getByTestId('chart')).toHaveTextContent('12 meses');
  });

  it('colours Receita green when positive and red otherwise', async () => {
    api.getFaturamento.mockResolvedValue(body);
    renderWithProviders(<FaturamentoPage />);
    await screen.findByText('Parceira Isenta');
    const receita = (row: number) => within(within(screen.getByRole('table', { name: 'Faturamento' })).getAllByRole('row')[row]).getAllByRole('cell')[6].firstElementChild!;
    expect(receita(1)).toHaveClass('receita-positiva');
    expect(receita(2)).toHaveClass('receita-negativa');
  });

  it('Exportar CSV saves the month’s CSV under its name', async () => {
    api.getFaturamento.mockResolvedValue(body);
    api.faturamentoCsvUrl.mockResolvedValue('blob:csv');
    renderWithProviders(<FaturamentoPage />);
    await screen.findByText('Parceira Isenta');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('blob:csv', `faturamento-${mesAnoTexto(mesAtual()).replace('/', '-')}.csv`));
    expect(api.faturamentoCsvUrl).toHaveBeenCalledWith(mesAtual());
  });
});
