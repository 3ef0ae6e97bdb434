import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { RemessasPage } from './RemessasPage';

const api = vi.hoisted(() => ({ listRemessas: vi.fn(), gerarRemessa: vi.fn(), contasDeRemessa: vi.fn(async () => []), remessaResult: (r: unknown) => r }));
vi.mock('../api/remessas', () => api);
const job = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-contract', () => ({ call: job.call }));

const row = {
  id: 3, numero_arquivo: 7, quantidade_entrada: 12, total_valor_entrada: 3456.78, quantidade_baixa: 2, total_valor_baixa: 250, quantidade_alteracao: 1,
  arquivo: 'remessa_20260105143000-3.txt', usuario: 'Administrador', created_at: '2026-01-05T17:30:00.000Z', link: '/api/arquivo/abc?exp=1&sig=x&download=1',
};
const page = { data: [row], from: 1, to: 1, total: 1, current_page: 1, last_page: 1, per_page: 15 };

afterEach(() => {
  api.listRemessas.mockReset();
  api.gerarRemessa.mockReset();
  job.call.mockReset();
});

describe('Remessas', () => {
  it('lists the spec columns with the file as a download link', async () => {
    api.listRemessas.mockResolvedValue(page);
    renderWithProviders(<RemessasPage />);
    await screen.findByText('remessa_20260105143000-3.txt');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID', 'Nº arquivo', 'Qtd. entradas', 'Valor entradas', 'Qtd. baixas', 'Valor baixas', 'Arquivo', 'Usuário', 'Data',
    ]);
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['3', '7', '12', 'R$ 3.456,78', '2', 'R$ 250,00', 'remessa_20260105143000-3.txt', 'Administrador', '05/01/2026 14:30']);
    const link = screen.getByRole('link', { name: 'Baixar remessa_20260105143000-3.txt' });
    expect(link).toHaveAttribute('href', row.link);
    expect(link).toHaveAttribute('download', row.arquivo);
  });

  it('Gerar Remessa follows the job and shows its result, then reloads the list', async () => {
    api.listRemessas.mockResolvedValue({ ...page, data: [], total: 0, from: null, to: null });
    api.gerarRemessa.mockResolvedValue({ status: 200, msg: 'Gerando a remessa.', data: { job_id: 41, em_andamento: false } });
    job.call
      .mockResolvedValueOnce({ status: 200, msg: 'ok', data: { id: 41, kind: 'cnab.remessa', status: 'running', progress_done: 500, progress_total: 1000, progress_unit: 'títulos', result: null, error: null } })
      .mockResolvedValue({
        status: 200,
        msg: 'ok',
        data: { id: 41, kind: 'cnab.remessa', status: 'done', progress_done: 1000, progress_total: 1000, progress_unit: 'títulos', result: { mensagem: 'Remessa nº 8 gerada: 1000 entrada(s).' }, error: null },
      });
    renderWithProviders(<RemessasPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Remessa' }));
    expect(await screen.findByText('500 de 1.000 títulos gravados')).toBeInTheDocument();
    expect(await screen.findByText('Remessa nº 8 gerada: 1000 entrada(s).', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(api.listRemessas.mock.calls.length).toBeGreaterThanOrEqual(2));
    // like every success dialog it closes by itself after 1.5 s (issue 25: it used to stay open)
    await waitFor(() => expect(screen.queryByText('Remessa nº 8 gerada: 1000 entrada(s).')).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it('lists the titles a generation left out, with the reasons (issue 23)', async () => {
    api.listRemessas.mockResolvedValue({ ...page, data: [], total: 0, from: null, to: null });
    api.gerarRemessa.mockResolvedValue({ status: 200, msg: 'Gerando a remessa.', data: { job_id: 42, em_andamento: false } });
    const result = {
      mensagem: 'Remessa nº 9 gerada: 1 entrada(s), 0 pedido(s) de baixa, 0 alteração(ões). 1 título(s) deixado(s) de fora: veja os motivos abaixo.',
      quantidade_fora: 1,
      titulos_fora: [
        { boleto_id: 77, documento: '12-3/02', nosso_numero: '15', vencimento: '9999-12-31', valor: 100, motivo: 'Vencimento 31/12/9999 fora do intervalo que o código de barras representa hoje (…): corrija-o pelo Acerto de Atendimento.' },
      ],
    };
    job.call.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 42, kind: 'cnab.remessa', status: 'done', progress_done: 1, progress_total: 1, progress_unit: 'títulos', result, error: null } });
    renderWithProviders(<RemessasPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Remessa' }));
    const table = await screen.findByRole('table', { name: 'Títulos deixados de fora' }, { timeout: 3000 });
    expect(table).toHaveTextContent('12-3/02');
    expect(table).toHaveTextContent('31/12/9999');
    expect(table).toHaveTextContent('R$ 100,00');
    expect(table).toHaveTextContent('corrija-o pelo Acerto de Atendimento');
    expect(screen.getByText('1 título(s) deixado(s) de fora da remessa')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar títulos deixados de fora' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Títulos deixados de fora' })).not.toBeInTheDocument());
  });
});
