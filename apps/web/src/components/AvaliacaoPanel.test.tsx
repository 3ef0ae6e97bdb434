import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { AvaliacaoPanel } from './AvaliacaoPanel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const negada = { versao: 3, resultado: 'NEGAR' as const, motivos: [{ codigo: 'MENOR_IDADE', texto: 'A pessoa tem menos de 18 anos.' }] };

describe('AvaliacaoPanel (issue 29, LGPD art. 20)', () => {
  it('shows nothing without an evaluation', () => {
    renderWithProviders(<AvaliacaoPanel garantiaId={1} avaliacao={null} revisao={null} revisavel />);
    expect(screen.queryByText('Avaliação da política de crédito')).toBeNull();
  });

  it('an automatic denial: outcome, version, criteria and "Solicitar revisão", then the deadline', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(200, { status: 200, msg: 'Revisão solicitada', data: { id: 9, garantia_id: 7, origem: 'LOJA', solicitada_em: '2026-11-27T12:00:00.000Z', solicitada_por: 'Lucas', justificativa: 'x', prazo: '2026-12-07', status: 'PENDENTE', decidida_em: null, decidida_por: null, fundamentacao: null } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AvaliacaoPanel garantiaId={7} avaliacao={negada} revisao={null} revisavel />);
    expect(screen.getByText('Negar')).toBeInTheDocument();
    expect(screen.getByText(/versão 3/)).toBeInTheDocument();
    expect(screen.getByText('A pessoa tem menos de 18 anos.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Justificativa (opcional)'), 'Emancipado');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar revisão' }));
    expect(await screen.findByTestId('revisao')).toHaveTextContent('07/12/2026');
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/credito/revisao/solicitar/7');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ justificativa: 'Emancipado' });
    expect(screen.queryByRole('button', { name: 'Solicitar revisão' })).toBeNull();
  });

  it('no review offered for an approval or a denial a person took; a decided review shows the reasoning', () => {
    renderWithProviders(<AvaliacaoPanel garantiaId={7} avaliacao={{ ...negada, resultado: 'APROVAR' }} revisao={null} revisavel={false} />);
    expect(screen.queryByRole('button', { name: 'Solicitar revisão' })).toBeNull();
    renderWithProviders(
      <AvaliacaoPanel garantiaId={8} avaliacao={negada} revisavel={false}
        revisao={{ status: 'MANTIDA', prazo: '2026-12-07', solicitada_em: '2026-11-27T12:00:00.000Z', fundamentacao: 'Idade conferida.', decidida_em: '2026-11-28T12:00:00.000Z', decidida_por: 'Ana' }} />,
    );
    expect(screen.getByTestId('revisao')).toHaveTextContent('Negativa mantida.');
    expect(screen.getByTestId('revisao')).toHaveTextContent('Idade conferida.');
  });
});
