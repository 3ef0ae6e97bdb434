import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ConsentimentoPanel } from './ConsentimentoPanel';

const api = vi.hoisted(() => ({ get: vi.fn(), registrar: vi.fn() }));
vi.mock('../api/consentimento', () => {
  const consentimentoKey = (id: number) => ['pessoa', id, 'consentimento'];
  return { consentimentoApi: api, consentimentoKey, consentimentoQuery: (id: number) => ({ queryKey: consentimentoKey(id), queryFn: () => api.get(id) }) };
});

const saida = { id: 1, channel: 'whatsapp', aceito: false, origem: 'whatsapp', detalhe: 'Mensagem "SAIR" de 5511987654321', created_by: null, created_at: '2026-11-20T15:00:00.000Z' };

afterEach(() => {
  api.get.mockReset();
  api.registrar.mockReset();
});

describe('Pessoas › consentimento por canal', () => {
  it('shows each channel\'s current choice with date and source, and records a new one with the reason', async () => {
    api.get.mockResolvedValue({ canais: [{ channel: 'whatsapp', atual: saida }, { channel: 'email', atual: null }], historico: [saida] });
    api.registrar.mockResolvedValue({ status: 200, msg: 'Aceitação do canal registrada.' });
    renderWithProviders(<ConsentimentoPanel pessoaId={7} />);
    const table = await screen.findByRole('table', { name: 'Consentimento por canal' });
    const [, whatsapp, email] = within(table).getAllByRole('row');
    expect(within(whatsapp).getByText('Recusou')).toBeInTheDocument();
    expect(within(whatsapp).getByText('Resposta no WhatsApp')).toBeInTheDocument();
    expect(within(whatsapp).getByText('20/11/2026', { exact: false })).toBeInTheDocument();
    expect(within(email).getByText(/Sem registro/)).toBeInTheDocument();

    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Registrar aceitação' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Motivo (opcional)' }), 'Pediu por telefone');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(api.registrar).toHaveBeenCalledWith(7, { channel: 'whatsapp', aceito: true, detalhe: 'Pediu por telefone' });
    expect(await screen.findByText('Aceitação do canal registrada.')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(2);
  });
});
