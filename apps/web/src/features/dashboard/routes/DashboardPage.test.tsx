import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

const api = vi.hoisted(() => ({ getResumo: vi.fn() }));
vi.mock('../api/dashboard', () => api);
const auth = vi.hoisted(() => ({ nivel: '1' }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 1, nivel: auth.nivel, displayName: 'Lucas Lojista', empresa: null }) }));

afterEach(() => api.getResumo.mockReset());

/** The ledger's cards with nothing owed (the API always answers them to administradores). */
const semRazao = { aRepassar: { valor: 0, lojas: 0 }, antecipacoesARecuperar: { valor: 0, lojas: 0 } };

describe('Início', () => {
  it('usuario: keeps the banner and shows its guarantees by status, boletos due and advances, each linking to its list', async () => {
    api.getResumo.mockResolvedValue({
      perfil: 'usuario',
      garantiasPorStatus: [{ status: 'APROVADO', quantidade: 3 }, { status: 'PENDENTE', quantidade: 2 }],
      boletosAVencer: { quantidade: 2, valor: 150.5, ate: '2025-03-17' },
      antecipacoesAbertas: { quantidade: 1, valor: 998.54 },
    });
    renderWithProviders(<DashboardPage />);
    expect(screen.getByTestId('banner-duplicatas')).toBeInTheDocument();
    const garantias = await screen.findByRole('link', { name: /Minhas garantias/ });
    expect(garantias).toHaveAttribute('href', '/operacao/garantias/impressao');
    expect(within(garantias).getByText('PENDENTE')).toBeInTheDocument();
    const aVencer = screen.getByRole('link', { name: /Boletos a vencer em 7 dias/ });
    expect(aVencer).toHaveAttribute('href', '/financeiro/recebimentos');
    expect(aVencer).toHaveTextContent('R$ 150,50 até 17/03/2025');
    expect(screen.getByRole('link', { name: /Antecipações em análise/ })).toHaveTextContent('R$ 998,54');
  });

  it('administrador: analysis queue, defaulters and advances; no remessa/retorno card until the API answers them', async () => {
    auth.nivel = '2';
    api.getResumo.mockResolvedValue({ perfil: 'administrador', garantiasEmAnalise: 2, inadimplentes: 5, antecipacoesEmAnalise: { quantidade: 1, valor: 513.97 }, ...semRazao });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('link', { name: /Garantias aguardando análise/ })).toHaveAttribute('href', '/operacao/garantias');
    expect(screen.getByRole('link', { name: /Inadimplentes/ })).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: /Inadimplentes/ })).toHaveAttribute('href', '/cobranca/inadimplentes');
    expect(screen.queryByRole('link', { name: /Última remessa/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Último retorno/ })).not.toBeInTheDocument();
  });

  it('shows the last remessa and retorno once the API answers them', async () => {
    auth.nivel = '2';
    api.getResumo.mockResolvedValue({
      perfil: 'administrador', garantiasEmAnalise: 0, inadimplentes: 0, antecipacoesEmAnalise: { quantidade: 0, valor: 0 }, ...semRazao,
      ultimaRemessa: { id: 1, created_at: '2025-03-10T13:00:00.000Z', quantidade_entrada: 3, total_valor_entrada: 900, quantidade_baixa: 1, total_valor_baixa: 100 },
      ultimoRetorno: { id: 2, created_at: '2025-03-11T13:00:00.000Z', quantidade_liquidado: 2, total_valor_liquidado: 500, quantidade_baixa: 0, total_valor_baixa: 0, quantidade_entrada: 3, total_valor_entrada: 900 },
    });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('link', { name: /Última remessa/ })).toHaveTextContent('3 entradas (R$ 900,00)');
    expect(screen.getByRole('link', { name: /Último retorno/ })).toHaveAttribute('href', '/operacao/retornos');
  });

  it('shows what is owed to the shops and the advances to recover, from the ledger', async () => {
    auth.nivel = '2';
    api.getResumo.mockResolvedValue({
      perfil: 'administrador', garantiasEmAnalise: 0, inadimplentes: 0, antecipacoesEmAnalise: { quantidade: 0, valor: 0 },
      aRepassar: { valor: 12345.67, lojas: 3 }, antecipacoesARecuperar: { valor: 320.5, lojas: 1 },
    });
    renderWithProviders(<DashboardPage />);
    const repassar = await screen.findByRole('link', { name: /A repassar/ });
    expect(repassar).toHaveAttribute('href', '/financeiro/repasses');
    expect(repassar).toHaveTextContent('R$ 12.345,67');
    expect(repassar).toHaveTextContent('a 3 lojas');
    const antecipacoes = screen.getByRole('link', { name: /Antecipações a recuperar/ });
    expect(antecipacoes).toHaveTextContent('R$ 320,50');
    expect(antecipacoes).toHaveTextContent('pagas a 1 loja, a receber do banco');
  });

  it('banks by API (issue 26): boletos waiting for the bank and the reconciliation\'s differences, each linking where to act', async () => {
    auth.nivel = '2';
    api.getResumo.mockResolvedValue({
      perfil: 'administrador', garantiasEmAnalise: 0, inadimplentes: 0, antecipacoesEmAnalise: { quantidade: 0, valor: 0 }, ...semRazao,
      bancoAguardando: { quantidade: 4, com_erro: 2, mais_antigo_desde: '2026-11-27T12:00:00.000Z', mais_antigo_minutos: 95 },
      conciliacaoDiferencas: 3,
    });
    renderWithProviders(<DashboardPage />);
    const aguardando = await screen.findByRole('link', { name: /Boletos aguardando o banco/ });
    expect(aguardando).toHaveAttribute('href', '/administracao/conta-cobranca');
    expect(aguardando).toHaveTextContent('4 registros ainda sem confirmação, o mais antigo há 1 h');
    expect(aguardando).toHaveTextContent('2 com erro do banco: confira a conexão');
    const diferencas = screen.getByRole('link', { name: /Diferenças na conciliação/ });
    expect(diferencas).toHaveAttribute('href', '/operacao/conciliacao');
    expect(diferencas).toHaveTextContent('3 diferenças abertas com a lista do banco');
  });

  it('an answer without the bank\'s figures shows no bank card', async () => {
    auth.nivel = '2';
    api.getResumo.mockResolvedValue({ perfil: 'administrador', garantiasEmAnalise: 0, inadimplentes: 0, antecipacoesEmAnalise: { quantidade: 0, valor: 0 }, ...semRazao });
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('link', { name: /Garantias aguardando análise/ });
    expect(screen.queryByRole('link', { name: /Boletos aguardando o banco/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Diferenças na conciliação/ })).not.toBeInTheDocument();
  });
});
