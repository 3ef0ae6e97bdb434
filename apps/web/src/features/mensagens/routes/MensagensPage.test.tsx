import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MensagensPage } from './MensagensPage';

const api = vi.hoisted(() => ({ list: vi.fn(), reenviar: vi.fn() }));
vi.mock('../api/mensagens', () => ({ mensagensApi: api }));

const LINK = 'https://app.example.com/assinatura/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const row = (id: number, channel: 'whatsapp' | 'email', status: 'queued' | 'sent' | 'failed') => ({
  id, channel, status, recipient: channel === 'whatsapp' ? '11987654321' : 'cliente@example.com', subject: channel === 'email' ? 'Duplicatas para assinatura — Loja' : null,
  text: `Olá! Acesse: ${LINK}`, link: LINK, attempts: status === 'failed' ? 5 : 1, last_error: status === 'failed' ? 'webhook: HTTP 502' : null,
  entity: 'assinatura', entity_id: '3', created_by: 'Operador', created_at: '2026-11-23T13:00:00.000Z', sent_at: status === 'sent' ? '2026-11-23T13:00:01.000Z' : null,
});
const page = (data: unknown[]) => ({ status: 200, msg: 'ok', data, from: 1, to: data.length, total: data.length, current_page: 1, last_page: 1, per_page: 15 });

afterEach(() => {
  api.list.mockReset();
  api.reenviar.mockReset();
});

describe('Administração > Mensagens', () => {
  it('lists recipient, channel, text, link (as text), status and time; Reenviar only for sent or failed ones', async () => {
    api.list.mockResolvedValue(page([row(3, 'whatsapp', 'failed'), row(2, 'email', 'sent'), row(1, 'whatsapp', 'queued')]));
    renderWithProviders(<MensagensPage />);
    const table = await screen.findByRole('table', { name: 'Mensagens' });
    expect(await within(table).findAllByText('(11)98765-4321')).toHaveLength(2);
    expect(within(table).getByText('cliente@example.com')).toBeInTheDocument();
    expect(within(table).getByText('FALHOU')).toBeInTheDocument();
    expect(within(table).getByText('webhook: HTTP 502')).toBeInTheDocument();
    expect(within(table).getAllByLabelText('Link da mensagem')[0]).toHaveTextContent(LINK);
    // never a clickable signing link: opening it would count as the customer's opening
    expect(within(table).queryByRole('link', { name: LINK })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar mensagem 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar mensagem 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar mensagem 1' })).not.toBeInTheDocument();
  });

  it('Reenviar asks first, then queues the message again', async () => {
    api.list.mockResolvedValue(page([row(3, 'whatsapp', 'failed')]));
    api.reenviar.mockResolvedValue({ status: 200, msg: 'Mensagem colocada novamente na fila de envio.', data: { id: 4, reenvio_de: 3 } });
    renderWithProviders(<MensagensPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar mensagem 3' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('Mensagem colocada novamente na fila de envio.')).toBeInTheDocument();
    expect(api.reenviar).toHaveBeenCalledTimes(1);
    expect(api.list).toHaveBeenCalledTimes(2);
  });
});
