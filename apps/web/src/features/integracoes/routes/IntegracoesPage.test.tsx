import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NIVEL } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { IntegracoesPage } from './IntegracoesPage';

const api = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn(), rotate: vi.fn() }));
vi.mock('../api/chaves', () => ({ chavesApi: api }));
const auth = vi.hoisted(() => ({ nivel: '1' as string }));
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 1, nivel: auth.nivel, permissoes: ['integracao.chaves'], empresa: auth.nivel === NIVEL.USUARIO ? { id: 7, fantasia: 'Loja Sete' } : null }),
  isAdmin: (u: { nivel: string }) => u.nivel === NIVEL.ADMINISTRADOR,
}));
vi.mock('../../../lib/lookup-calls', () => ({ empresasForSelect: vi.fn().mockResolvedValue([{ value: 7, label: 'Loja Sete' }, { value: 8, label: 'Loja Oito' }]), systemConfig: vi.fn() }));

const page = (data: unknown[]) => ({ status: 200, msg: 'ok', data, from: 1, to: data.length, total: data.length, current_page: 1, last_page: 1, per_page: 15 });
const chave = (id: number, status: 'ativa' | 'expirada' | 'revogada', over: Record<string, unknown> = {}) => ({
  id, empresa_id: 7, empresa: 'Loja Sete', nome: `ERP ${id}`, prefixo: `bg_live_AbCd000${id}`, escopos: ['garantias:write', 'boletos:read'], ips: [],
  expira_em: null, status, criado_em: '2026-11-27T12:00:00.000Z', criado_por: 'Maria', ultimo_uso_em: null, ultimo_uso_ip: null, revogada_em: null, segredo_anterior: null,
  ...over,
});
const SECRET = 'bg_live_NovaChav_segredo-de-quarenta-e-tres-caracteres-aqui-xx';

afterEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  auth.nivel = '1';
});

describe('Administração > Integrações', () => {
  it('lists the keys: prefix, scopes, IPs, last use, validity and situação (never a secret)', async () => {
    api.list.mockResolvedValue(page([
      chave(1, 'ativa', { ultimo_uso_em: '2026-11-27T15:30:00.000Z', ultimo_uso_ip: '203.0.113.10', ips: ['203.0.113.0/24'], expira_em: '2027-01-31T02:59:59.999Z' }),
      chave(2, 'revogada', { escopos: ['boletos:read'] }),
      chave(3, 'ativa', { segredo_anterior: { prefixo: 'bg_live_Antigo00', valido_ate: '2026-11-28T15:00:00.000Z' } }),
    ]));
    renderWithProviders(<IntegracoesPage />);
    const table = await screen.findByRole('table', { name: 'Chaves de API' });
    expect(await within(table).findByText('bg_live_AbCd0001')).toBeInTheDocument();
    expect(within(table).getAllByText('Solicitar garantias, Consultar e baixar boletos')).toHaveLength(2);
    expect(within(table).getByText('203.0.113.0/24')).toBeInTheDocument();
    expect(within(table).getByText('27/11/2026 12:30')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.10')).toBeInTheDocument();
    expect(within(table).getByText('30/01/2027 23:59')).toBeInTheDocument();
    expect(within(table).getAllByText('Nunca usada')).toHaveLength(2);
    expect(within(table).getByText('REVOGADA')).toBeInTheDocument();
    expect(within(table).getByText(/Segredo anterior \(bg_live_Antigo00\) vale até 28\/11\/2026 12:00/)).toBeInTheDocument();
    // a shop's user sees only its own keys: no Loja column; a revoked key offers no action
    expect(within(table).queryByText('Loja Sete')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Ações da chave ERP 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/api/v1/docs' })).toHaveAttribute('href', '/api/v1/docs');
  });

  it('creates a key for the user\'s own shop and shows it once, with a copy button and a warning', async () => {
    api.list.mockResolvedValue(page([]));
    api.create.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 9, prefixo: 'bg_live_NovaChav', chave: SECRET } });
    const user = userEvent.setup();
    renderWithProviders(<IntegracoesPage />);
    await user.click(await screen.findByRole('button', { name: 'Nova chave' }));
    await user.type(await screen.findByLabelText(/^Nome/), 'ERP da loja');
    await user.click(screen.getByLabelText(/Solicitar garantias/));
    await user.click(screen.getByLabelText(/Consultar e baixar boletos/));
    await user.type(screen.getByLabelText(/IPs permitidos/), '203.0.113.10\n198.51.100.0/24');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(api.create).toHaveBeenCalledWith({ empresa_id: 7, nome: 'ERP da loja', escopos: ['garantias:write', 'boletos:read'], ips: ['203.0.113.10', '198.51.100.0/24'], expira_em: null });
    expect(await screen.findByLabelText('Chave de API gerada')).toHaveTextContent(SECRET);
    expect(screen.getByText(/não será mostrada novamente/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar chave' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Já guardei' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('checks the form before sending: a name, at least one scope, valid addresses', async () => {
    api.list.mockResolvedValue(page([]));
    const user = userEvent.setup();
    renderWithProviders(<IntegracoesPage />);
    await user.click(await screen.findByRole('button', { name: 'Nova chave' }));
    await user.type(await screen.findByLabelText(/IPs permitidos/), '10.0.0.300');
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Escolha ao menos um escopo.')).toBeInTheDocument();
    expect(screen.getByText(/Informe um endereço IP ou bloco CIDR válido/)).toBeInTheDocument();
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('an administrador chooses the shop', async () => {
    auth.nivel = NIVEL.ADMINISTRADOR;
    api.list.mockResolvedValue(page([chave(1, 'ativa')]));
    api.create.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 9, prefixo: 'bg_live_NovaChav', chave: SECRET } });
    const user = userEvent.setup();
    renderWithProviders(<IntegracoesPage />);
    const table = await screen.findByRole('table', { name: 'Chaves de API' });
    // every shop's keys: the Loja column
    expect(await within(table).findByText('Loja Sete')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nova chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova chave de API' });
    await user.click(within(dialog).getByRole('combobox', { name: /Loja/ }));
    await user.click(await screen.findByRole('option', { name: 'Loja Oito' }));
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Loja virtual');
    await user.click(within(dialog).getByLabelText(/Consultar garantias/));
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(api.create).toHaveBeenCalledWith({ empresa_id: 8, nome: 'Loja virtual', escopos: ['garantias:read'], ips: [], expira_em: null });
  });

  it('revokes after a confirmation that says it cannot be undone', async () => {
    api.list.mockResolvedValue(page([chave(1, 'ativa')]));
    api.revoke.mockResolvedValue({ status: 200, msg: 'Chave revogada.', data: chave(1, 'revogada') });
    const user = userEvent.setup();
    renderWithProviders(<IntegracoesPage />);
    await user.click(await screen.findByRole('button', { name: 'Ações da chave ERP 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revogar' }));
    expect(await screen.findByText(/não pode ser desfeita/)).toBeInTheDocument();
    expect(api.revoke).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Revogar chave' }));
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith(1));
  });

  it('rotates with the chosen overlap and shows the new secret once, saying until when the old one works', async () => {
    api.list.mockResolvedValue(page([chave(1, 'ativa')]));
    api.rotate.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 1, prefixo: 'bg_live_NovaChav', chave: SECRET, anterior_valido_ate: '2099-11-28T15:00:00.000Z' } });
    const user = userEvent.setup();
    renderWithProviders(<IntegracoesPage />);
    await user.click(await screen.findByRole('button', { name: 'Ações da chave ERP 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gerar novo segredo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar novo segredo' });
    await user.click(within(dialog).getByRole('combobox', { name: /Sobreposição/ }));
    await user.click(await screen.findByRole('option', { name: '3 dias' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gerar novo segredo' }));
    expect(api.rotate).toHaveBeenCalledWith(1, 72);
    expect(await screen.findByLabelText('Chave de API gerada')).toHaveTextContent(SECRET);
    expect(screen.getByText(/O segredo anterior continua valendo até 28\/11\/2099 12:00/)).toBeInTheDocument();
  });
});
