import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DuplicatasEnviadas } from './DuplicatasEnviadas';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe('DuplicatasEnviadas (Boletos da Garantia, issue 25)', () => {
  it('lists each duplicata with its name, when and who sent it, and a view link', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json(200, {
        status: 200,
        msg: 'ok',
        data: [
          { id: 'a1', nome: 'duplicata-01.png', url: '/api/arquivo/a1?exp=1&sig=x', enviado_em: '2026-11-20T13:05:00.000Z', enviado_por: 'Maria Loja' },
          { id: 'b2', nome: 'duplicata-02.jpg', url: '/api/arquivo/b2?exp=1&sig=y', enviado_em: '2026-11-21T18:40:00.000Z', enviado_por: null },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DuplicatasEnviadas garantiaId={42} />);
    const table = await screen.findByRole('table', { name: 'Duplicatas enviadas' });
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/garantia/getDuplicatas/42');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('duplicata-01.png');
    expect(rows[0]).toHaveTextContent('20/11/2026 10:05');
    expect(rows[0]).toHaveTextContent('Maria Loja');
    expect(within(rows[0]).getByRole('link', { name: 'Visualizar duplicata-01.png' })).toHaveAttribute('href', '/api/arquivo/a1?exp=1&sig=x');
    expect(rows[1]).toHaveTextContent('—');
  });

  it('says when none was sent yet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { status: 200, msg: 'ok', data: [] })));
    renderWithProviders(<DuplicatasEnviadas garantiaId={7} />);
    expect(await screen.findByText('Nenhuma duplicata enviada.')).toBeInTheDocument();
  });
});
