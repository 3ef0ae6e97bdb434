import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MensagensPage } from './MensagensPage';

const api = vi.hoisted(() => ({ list: vi.fn(), reenviar: vi.fn(), get: vi.fn() }));
vi.mock('../api/mensagens', () => ({ mensagensApi: api }));

const LINK = 'https://app.example.com/assinatura/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
type Status = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'suppressed';
const row = (id: number, channel: 'whatsapp' | 'email', status: Status) => ({
  id, channel, status, recipient: channel === 'whatsapp' ? '11987654321' : 'cliente@example.com', subject: channel === 'email' ? 'Duplicatas para assinatura — Loja' : null,
  text: `Olá! Acesse: ${LINK}`, link: LINK, attempts: status === 'failed' ? 5 : 1, last_error: status === 'failed' ? 'webhook: HTTP 502' : status === 'suppressed' ? 'A pessoa recusou o canal WhatsApp' : null,
  entity: 'assinatura', entity_id: '3', created_by: 'Operador', created_at: '2026-11-23T13:00:00.000Z', sent_at: ['sent', 'delivered', 'read'].includes(status) ? '2026-11-23T13:00:01.000Z' : null,
  tipo: 'assinatura', base_legal: 'execucao_contrato', pessoa_id: 7, pessoa_nome: 'Maria da Silva',
  provider: status === 'queued' || status === 'suppressed' ? null : channel === 'whatsapp' ? 'whatsapp_cloud' : 'smtp',
  provider_id: ['sent', 'delivered', 'read'].includes(status) ? `wamid.HBgL${id}` : null,
  erro_codigo: status === 'failed' ? '502' : null, delivered_at: null, read_at: null, whatsapp_template: null, anexos: [],
});
const page = (data: unknown[]) => ({ status: 200, msg: 'ok', data, from: 1, to: data.length, total: data.length, current_page: 1, last_page: 1, per_page: 15 });

afterEach(() => {
  api.list.mockReset();
  api.reenviar.mockReset();
  api.get.mockReset();
});

describe('Administração > Mensagens', () => {
  it('lists recipient, person, kind with its LGPD basis, link (as text), status, provider id; Reenviar for what left the queue', async () => {
    api.list.mockResolvedValue(page([row(3, 'whatsapp', 'failed'), row(2, 'email', 'sent'), row(1, 'whatsapp', 'queued'), row(4, 'whatsapp', 'suppressed'), row(5, 'whatsapp', 'read')]));
    renderWithProviders(<MensagensPage />);
    const table = await screen.findByRole('table', { name: 'Mensagens' });
    expect(await within(table).findAllByText('(11)98765-4321')).toHaveLength(4);
    expect(within(table).getByText('cliente@example.com')).toBeInTheDocument();
    expect(within(table).getByText('FALHOU')).toBeInTheDocument();
    expect(within(table).getByText('SUPRIMIDA')).toBeInTheDocument();
    expect(within(table).getByText('LIDA')).toBeInTheDocument();
    expect(within(table).getByText(/webhook: HTTP 502/)).toBeInTheDocument();
    expect(within(table).getAllByText('Execução de contrato (LGPD art. 7º, V)')).toHaveLength(5);
    expect(within(table).getAllByText(/Maria da Silva/).length).toBeGreaterThan(0);
    expect(within(table).getByText('wamid.HBgL5')).toBeInTheDocument();
    expect(within(table).getAllByLabelText('Link da mensagem')[0]).toHaveTextContent(LINK);
    // never a clickable signing link: opening it would count as the customer's opening
    expect(within(table).queryByRole('link', { name: LINK })).not.toBeInTheDocument();
    for (const id of [3, 2, 4, 5]) expect(screen.getByRole('button', { name: `Reenviar mensagem ${id}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar mensagem 1' })).not.toBeInTheDocument();
  });

  it('filters by situação, canal, tipo and period: each one asks the server again from page 1', async () => {
    api.list.mockResolvedValue(page([row(2, 'email', 'sent')]));
    renderWithProviders(<MensagensPage />);
    await screen.findByRole('table', { name: 'Mensagens' });
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, status: '', channel: '', tipo: '', de: '', ate: '' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Situação' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ENTREGUE' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'delivered' })));

    await userEvent.click(screen.getByRole('combobox', { name: 'Canal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'delivered', channel: 'whatsapp' })));

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aviso de SPC' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ tipo: 'spc_aviso' })));

    const calls = api.list.mock.calls.length;
    await userEvent.type(screen.getByRole('textbox', { name: 'De' }), '01/11/202');
    // a half-typed date asks nothing
    expect(api.list).toHaveBeenCalledTimes(calls);
    await userEvent.type(screen.getByRole('textbox', { name: 'De' }), '6');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, de: '2026-11-01', status: 'delivered', channel: 'whatsapp', tipo: 'spc_aviso' })));
  });

  it('Detalhes opens the timeline of the message with the provider\'s words', async () => {
    api.list.mockResolvedValue(page([row(3, 'whatsapp', 'failed')]));
    api.get.mockResolvedValue({
      ...row(3, 'whatsapp', 'failed'),
      whatsapp_template: 'bg_mensagem_link',
      whatsapp_vars: ['Olá!', LINK],
      html: null,
      eventos: [
        { id: 1, status: 'queued', at: '2026-11-23T13:00:00.000Z', detalhe: null },
        { id: 2, status: 'sent', at: '2026-11-23T13:00:01.000Z', detalhe: 'whatsapp_cloud: modelo bg_mensagem_link' },
        { id: 3, status: 'failed', at: '2026-11-23T13:00:09.000Z', detalhe: 'WhatsApp: 131026 — Message undeliverable' },
      ],
    });
    renderWithProviders(<MensagensPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Detalhes da mensagem 3' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mensagem nº 3' });
    expect(api.get).toHaveBeenCalledWith(3);
    const timeline = await within(drawer).findByLabelText('Linha do tempo da mensagem');
    const steps = within(timeline).getAllByText(/^(Na fila|Enviada ao provedor|Falhou)$/).map((e) => e.textContent);
    expect(steps).toEqual(['Na fila', 'Enviada ao provedor', 'Falhou']);
    expect(within(timeline).getByText('WhatsApp: 131026 — Message undeliverable')).toBeInTheDocument();
    expect(within(drawer).getByText('bg_mensagem_link')).toBeInTheDocument();
    expect(within(drawer).getByText(/Execução de contrato/)).toBeInTheDocument();
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
