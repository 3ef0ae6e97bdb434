import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { periodoUltimos, RiscoPage } from './RiscoPage';

const api = vi.hoisted(() => ({
  getExposicao: vi.fn(), getVintage: vi.fn(), getRolagem: vi.fn(), getPrimeiroPagamento: vi.fn(), getCuraAcordo: vi.fn(),
  getPerdas: vi.fn(), getProvisoes: vi.fn(), salvarFaixas: vi.fn(), restaurarFaixas: vi.fn(), atualizarRisco: vi.fn(), riscoCsvUrl: vi.fn(),
}));
vi.mock('../api/risco', () => api);
const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../lib/download', () => files);
// recharts draws nothing measurable under jsdom: the charts are stood in for by their data
vi.mock('@mantine/charts', () => ({
  BarChart: ({ data }: { data: unknown[] }) => <div data-testid="grafico">{data.length} barras</div>,
  LineChart: ({ data }: { data: unknown[] }) => <div data-testid="grafico">{data.length} pontos</div>,
}));

const posicao = { posicao_em: new Date('2026-04-10T15:00:00Z'), data_referencia: '2026-04-10' };
const exposicao = {
  ...posicao, total_garantido: 700, total_vencido: 200, total_honrado: 300, lojas: 2, documentos: 1, over30: 50, over90: 0, politica_publicada: true,
  por_loja: [
    { empresa_id: 2, fantasia: 'Loja Dois', razao: 'Loja Dois Ltda', boletos: 1, documentos: 1, valor_garantido: 500, valor_vencido: 0, valor_honrado: 0, participacao: 71.43, limite: 400, uso_percentual: 137.5 },
    { empresa_id: 1, fantasia: 'Loja Um', razao: 'Loja Um Ltda', boletos: 2, documentos: 2, valor_garantido: 200, valor_vencido: 200, valor_honrado: 300, participacao: 28.57, limite: 400, uso_percentual: 50 },
  ],
  por_documento: [{ pessoa_id: 7, cpf_cnpj: '52998224725', nome: 'Pessoa Um', lojas: 2, boletos: 2, valor_garantido: 700, valor_vencido: 200, valor_honrado: 0, participacao: 100, limite: 600, uso_percentual: 116.67 }],
  alertas: [{ tipo: 'LOJA', empresa_id: 2, fantasia: 'Loja Dois', pessoa_id: null, cpf_cnpj: null, nome: null, valor_garantido: 550, limite: 400, excesso: 150, mensagem: 'A loja Loja Dois tem R$ 550,00 garantidos ou pendentes, acima do limite por loja de R$ 400,00.' }],
};
const faixas = ['AA', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const pcts = [0, 0.5, 1, 3, 10, 30, 50, 70, 100];
const provisoes = {
  ...posicao, atualizado_em: null, total_valor: 1000, total_provisao: 36,
  faixas: faixas.map((f, i) => ({ faixa: f, descricao: f === 'AA' ? 'em dia' : 'x', dias_de: 0, dias_ate: 0, percentual: pcts[i], percentual_padrao: pcts[i],
    boletos: f === 'C' ? 1 : 0, valor: f === 'C' ? 200 : 0, provisao: f === 'C' ? 6 : 0 })),
};
const rolagem = {
  ...posicao, meses: ['2026-03-01', '2026-02-01'], mes: '2026-03-01',
  linhas: [{ de: 'A', boletos: 2, valor: 600, destinos: [{ para: 'C', boletos: 1, valor: 200, taxa: 33.33 }, { para: 'PG', boletos: 1, valor: 400, taxa: 66.67 }] }],
  piora: [{ mes: '2026-02-01', taxa: 100 }, { mes: '2026-03-01', taxa: 35.71 }],
};

afterEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  files.download.mockReset();
});

const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));

describe('Risco da carteira', () => {
  it('opens on exposure: totals, the limit alert, shops and CPF/CNPJ with limit use, each with its chart', async () => {
    api.getExposicao.mockResolvedValue(exposicao);
    renderWithProviders(<RiscoPage />);
    await screen.findByRole('table', { name: 'Exposição por loja' });
    expect(screen.getByText('Valor garantido em aberto').nextSibling).toHaveTextContent('R$ 700,00');
    expect(screen.getByText('Over-30').nextSibling).toHaveTextContent('50,00%');
    expect(screen.getByText(/A loja Loja Dois tem R\$ 550,00/)).toBeInTheDocument();
    expect(rows('Exposição por loja')[1]).toEqual(['Loja Dois', '1', 'R$ 500,00', 'R$ 0,00', 'R$ 0,00', '71,43%', 'R$ 400,00', '137,50%']);
    expect(rows('Exposição por CPF/CNPJ')[1]).toEqual(['529.982.247-25', 'Pessoa Um', '2', 'R$ 700,00', 'R$ 200,00', '100,00%', 'R$ 600,00', '116,67%']);
    expect(screen.getAllByTestId('grafico').map((g) => g.textContent)).toEqual(['2 barras', '1 barras']);
    expect(screen.getByText(/Posição calculada em 10\/04\/2026/)).toBeInTheDocument();
  });

  it('Exportar CSV downloads that table from the API', async () => {
    api.getExposicao.mockResolvedValue(exposicao);
    api.riscoCsvUrl.mockResolvedValue('blob:csv');
    renderWithProviders(<RiscoPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar CSV: Por loja (20 maiores)' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('blob:csv', 'risco-exposicao-lojas.csv'));
    expect(api.riscoCsvUrl).toHaveBeenCalledWith('exposicao_lojas', undefined);
  });

  it('Rolagem: the month’s matrix with bucket names; another month asks for it', async () => {
    api.getExposicao.mockResolvedValue(exposicao);
    api.getRolagem.mockResolvedValue(rolagem);
    renderWithProviders(<RiscoPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Rolagem' }));
    await screen.findByRole('table', { name: 'Rolagem' });
    expect(api.getRolagem).toHaveBeenCalledWith(undefined);
    expect(rows('Rolagem').slice(1)).toEqual([
      ['A (1–14 dias)', 'C (31–60 dias)', '1', 'R$ 200,00', '33,33%'],
      ['A (1–14 dias)', 'Saiu da carteira', '1', 'R$ 400,00', '66,67%'],
    ]);
  });

  it('Provisões: edits a percentage and saves every bucket', async () => {
    api.getExposicao.mockResolvedValue(exposicao);
    api.getProvisoes.mockResolvedValue(provisoes);
    api.salvarFaixas.mockResolvedValue({ status: 200, msg: 'Percentuais de provisão salvos.' });
    renderWithProviders(<RiscoPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Provisões' }));
    await screen.findByRole('table', { name: 'Provisões' });
    expect(rows('Provisões')[4]).toEqual(['C', 'x', '1', 'R$ 200,00', '', '3,00%', 'R$ 6,00']);
    const c = screen.getByRole('textbox', { name: 'Percentual da faixa C' });
    fireEvent.change(c, { target: { value: '5,25%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar percentuais' }));
    await waitFor(() => expect(api.salvarFaixas).toHaveBeenCalled());
    const enviado = api.salvarFaixas.mock.calls[0]![0] as { faixa: string; percentual: number }[];
    expect(enviado.find((f) => f.faixa === 'C')).toEqual({ faixa: 'C', percentual: 5.25 });
    expect(enviado).toHaveLength(9);
    expect(await screen.findByText('Percentuais de provisão salvos.')).toBeInTheDocument();
  });

  it('shows the API’s error in Portuguese', async () => {
    api.getExposicao.mockRejectedValue(new ApiError(403, { status: 403, msg: 'O risco da carteira é restrito aos administradores.' }));
    renderWithProviders(<RiscoPage />);
    expect(await screen.findByText(/restrito aos administradores/)).toBeInTheDocument();
  });

  it('the period is the last n months up to the current one', () => {
    expect(periodoUltimos(12, new Date(2026, 3, 10))).toEqual({ de: '2025-05', ate: '2026-04' });
    expect(periodoUltimos(24, new Date(2026, 0, 5))).toEqual({ de: '2024-02', ate: '2026-01' });
  });
});
