import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NIVEL } from '@bg/domain';
import { renderWithProviders } from '../../../../test/render';
import { WebhooksPage } from './WebhooksPage';
import { WebhookEntregasPage } from './WebhookEntregasPage';

const api = vi.hoisted(() => ({
  list: vi.fn(), get: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn(), rotate: vi.fn(), pause: vi.fn(), reactivate: vi.fn(), test: vi.fn(),
  deliveries: vi.fn(), resendOne: vi.fn(), resendSince: vi.fn(),
}));
vi.mock('../api/webhooks', () => ({ webhooksApi: api }));
const auth = vi.hoisted(() => ({ nivel: '1' as string }));
vi.mock('../../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 1, nivel: auth.nivel, empresa: auth.nivel === NIVEL.USUARIO ? { id: 7, fantasia: 'Loja Sete' } : null }),
  isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR,
}));
vi.mock('../../../../lib/lookup-calls', () => ({ empresasForSelect: vi.fn().mockResolvedValue([{ value: 7, label: 'Loja Sete' }]), systemConfig: vi.fn() }));
vi.mock('react-router', async (orig) => ({ ...(await orig<typeof import('react-router')>()), useParams: () => ({ idWebhook: '5' }) }));

const page = (data: unknown[]) => ({ status: 200, msg: 'ok', data, from: 1, to: data.length, total: data.length, current_page: 1, last_page: 1, per_page: 15 });
const hook = (id: number, status: 'ativo' | 'pausado', eventos: string[]) => ({
  id, empresa_id: 7, empresa: 'Loja Sete', url: `https://erp.loja.com.br/hook/${id}`, descricao: 'ERP', eventos, status,
  falhas_consecutivas: status === 'pausado' ? 15 : 0, pausado_em: null, pausado_motivo: status === 'pausado' ? '15 falhas seguidas de entrega (última: HTTP 500)' : null,
  segredo_anterior_expira_em: null, criado_em: '2026-11-27T12:00:00.000Z', entregas_pendentes: 2, ultima_entrega_em: null,
});

afterEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  auth.nivel = '1';
});

describe('Administração > Webhooks', () => {
  it('lists the endpoints with their events and situação, the paused one with its reason', async () => {
    api.list.mockResolvedValue(page([hook(1, 'ativo', ['*']), hook(2, 'pausado', ['boleto.pago', 'garantia.aprovada'])]));
    renderWithProviders(<WebhooksPage />);
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(await within(table).findByText('https://erp.loja.com.br/hook/1')).toBeInTheDocument();
    expect(within(table).getByText('Todos os eventos')).toBeInTheDocument();
    expect(within(table).getByText('Boleto pago, Garantia aprovada')).toBeInTheDocument();
    expect(within(table).getByText('PAUSADO')).toBeInTheDocument();
    expect(within(table).getByText(/15 falhas seguidas/)).toBeInTheDocument();
    // a shop's user sees no Loja column (its own endpoints only)
    expect(within(table).queryByText('Loja Sete')).not.toBeInTheDocument();
  });

  it('creates an endpoint for the user\'s own shop with the chosen events and shows the secret once', async () => {
    api.list.mockResolvedValue(page([]));
    api.create.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 9, segredo: 'whsec_segredo-mostrado-uma-vez' } });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Novo webhook' }));
    const url = await screen.findByLabelText(/Endereço \(URL\)/);
    await user.clear(url);
    await user.type(url, 'https://erp.loja.com.br/bg');
    await user.click(screen.getByLabelText(/Todos os eventos/));
    await user.click(screen.getByLabelText(/Boleto pago/));
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    expect(api.create).toHaveBeenCalledWith({ empresa_id: 7, url: 'https://erp.loja.com.br/bg', eventos: ['boleto.pago'], descricao: null });
    expect(await screen.findByLabelText('Segredo do webhook')).toHaveTextContent('whsec_segredo-mostrado-uma-vez');
    await user.click(screen.getByRole('button', { name: 'Já guardei' }));
    expect(screen.queryByText('whsec_segredo-mostrado-uma-vez')).not.toBeInTheDocument();
  });

  it('refuses an address that is not http(s) before sending', async () => {
    api.list.mockResolvedValue(page([]));
    const user = userEvent.setup();
    renderWithProviders(<WebhooksPage />);
    await user.click(await screen.findByRole('button', { name: 'Novo webhook' }));
    const url = await screen.findByLabelText(/Endereço \(URL\)/);
    await user.clear(url);
    await user.type(url, 'erp.loja');
    await user.click(screen.getByRole('button', { name: 'Cadastrar webhook' }));
    expect(await screen.findByText(/Informe um endereço https/)).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });
});

describe('Entregas do webhook', () => {
  it('shows each delivery with its attempts and resends one event', async () => {
    api.get.mockResolvedValue({ status: 200, msg: 'ok', data: hook(5, 'ativo', ['*']) });
    api.deliveries.mockResolvedValue(
      page([
        {
          id: 11, evento_id: '6f1c7a52-3b8e-4c1e-9a55-1d3f0e9b7c21', tipo: 'garantia.aprovada', recurso: 'garantia', recurso_id: 40, sequencia: 1,
          evento_criado_em: '2026-11-27T12:00:00.000Z', status: 'entregue', tentativas: 2, proxima_tentativa: null, ultimo_status_http: 200,
          entregue_em: '2026-11-27T12:00:05.000Z', reenvio: false, criado_em: '2026-11-27T12:00:00.000Z',
          historico: [
            { em: '2026-11-27T12:00:01.000Z', status_http: 503, latencia_ms: 40, sucesso: false, resposta: 'indisponível', erro: 'HTTP 503' },
            { em: '2026-11-27T12:00:05.000Z', status_http: 200, latencia_ms: 35, sucesso: true, resposta: 'ok', erro: null },
          ],
        },
      ]),
    );
    api.resendOne.mockResolvedValue({ status: 200, msg: 'Reenvio agendado.', data: { entregas: 1 } });
    const user = userEvent.setup();
    renderWithProviders(<WebhookEntregasPage />);
    const table = await screen.findByRole('table', { name: 'Entregas' });
    expect(await within(table).findByText('Garantia aprovada')).toBeInTheDocument();
    expect(within(table).getByText('ENTREGUE')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /2 tentativa\(s\) · HTTP 200/ }));
    const tentativas = screen.getByRole('table', { name: 'Tentativas da entrega 11' });
    expect(within(tentativas).getByText('503')).toBeInTheDocument();
    expect(within(tentativas).getByText('indisponível')).toBeInTheDocument();
    expect(within(tentativas).getByText('40 ms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar evento da entrega 11' }));
    await user.click(await screen.findByRole('button', { name: 'Reenviar' }));
    expect(api.resendOne).toHaveBeenCalledWith(5, '6f1c7a52-3b8e-4c1e-9a55-1d3f0e9b7c21');
  });
});
