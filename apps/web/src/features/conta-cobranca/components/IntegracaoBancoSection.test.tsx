import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { IntegracaoBancoSection } from './IntegracaoBancoSection';

const api = vi.hoisted(() => ({ listContasBanco: vi.fn(), saveIntegracao: vi.fn(), testarConexao: vi.fn() }));
vi.mock('../api/conta-banco', () => api);

const conta = {
  id: 1, banco: '104', agencia: '1234', conta: null, codigo_beneficiario: '1100000', carteira: 'RG', variacao_carteira: null, nome: 'Boleto Garantido',
  ativa: true, modo: 'CNAB', api_url: null, api_oauth_url: null, api_client_id: null, tem_client_secret: false, tem_app_key: false,
  alteracao_espera_minutos: 0, webhook_url: 'http://localhost/api/banco/webhook/1?token=abc', updated_at: '2026-11-27T12:00:00.000Z',
};
const porApi = {
  ...conta, modo: 'API', api_url: 'http://127.0.0.1:3900/caixa/cobranca-bancaria', api_oauth_url: 'http://127.0.0.1:3900/caixa/auth/token',
  api_client_id: 'cliente', tem_client_secret: true, tem_app_key: true,
};

afterEach(() => {
  api.listContasBanco.mockReset();
  api.saveIntegracao.mockReset();
  api.testarConexao.mockReset();
});

const ok = (data: unknown) => ({ status: 200, msg: 'Integração salva: os boletos desta conta vão ao banco por API.', data });

describe('Integração com o banco', () => {
  it('switching to API sends the endpoints and the secrets typed; the API field errors land on the fields', async () => {
    api.listContasBanco.mockResolvedValue([conta]);
    api.saveIntegracao.mockRejectedValueOnce(
      new ApiError(422, { status: 422, msg: 'Dados inválidos.', errors: { modo: 'Para trabalhar por API, informe o endereço da API…', api_url: 'Informe um endereço http:// ou https://.' } }),
    );
    renderWithProviders(<IntegracaoBancoSection />);
    fireEvent.click(await screen.findByRole('radio', { name: 'API do banco' }));
    expect(screen.getByText(/um boleto só pode ser impresso depois que o banco confirma o registro/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Endereço da API/), { target: { value: 'http://127.0.0.1:3900/caixa/cobranca-bancaria' } });
    fireEvent.change(screen.getByLabelText(/Endereço do token/), { target: { value: 'http://127.0.0.1:3900/caixa/auth/token' } });
    fireEvent.change(screen.getByLabelText(/Client ID/), { target: { value: 'cliente' } });
    fireEvent.change(screen.getByLabelText(/Client secret/), { target: { value: 's3gredo' } });
    fireEvent.change(screen.getByLabelText(/Chave da aplicação/), { target: { value: 'chave' } });
    // no Variação da carteira for Caixa
    expect(screen.queryByLabelText(/Variação da carteira/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('URL do webhook')).toHaveValue(conta.webhook_url);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar integração' }));
    await waitFor(() => expect(api.saveIntegracao).toHaveBeenCalledTimes(1));
    expect(api.saveIntegracao).toHaveBeenCalledWith(1, {
      modo: 'API', api_url: 'http://127.0.0.1:3900/caixa/cobranca-bancaria', api_oauth_url: 'http://127.0.0.1:3900/caixa/auth/token', api_client_id: 'cliente',
      client_secret: 's3gredo', app_key: 'chave', alteracao_espera_minutos: 0,
    });
    expect(await screen.findByText('Para trabalhar por API, informe o endereço da API…')).toBeInTheDocument();
    expect(screen.getByText('Informe um endereço http:// ou https://.')).toBeInTheDocument();
  });

  it('stored secrets: "guardado — deixe em branco para manter", and left blank they are not sent', async () => {
    api.listContasBanco.mockResolvedValue([porApi]);
    api.saveIntegracao.mockResolvedValue(ok(porApi));
    renderWithProviders(<IntegracaoBancoSection />);
    const secret = await screen.findByLabelText(/Client secret/);
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(screen.getAllByText('guardado — deixe em branco para manter')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Client ID/), { target: { value: 'outro-cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar integração' }));
    await waitFor(() => expect(api.saveIntegracao).toHaveBeenCalledTimes(1));
    const body = api.saveIntegracao.mock.calls[0][1];
    expect(body).toMatchObject({ modo: 'API', api_client_id: 'outro-cliente' });
    expect(body).not.toHaveProperty('client_secret');
    expect(body).not.toHaveProperty('app_key');
  });

  it('Testar conexão shows the bank\'s answer with its latency', async () => {
    api.listContasBanco.mockResolvedValue([porApi]);
    api.testarConexao.mockResolvedValue({ status: 200, msg: 'ok', data: { ok: false, mensagem: 'A Caixa recusou as credenciais (401).', latencia_ms: 42 } });
    renderWithProviders(<IntegracaoBancoSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Testar conexão' }));
    const result = await screen.findByTestId('teste-conexao');
    expect(result).toHaveTextContent('A conexão falhou');
    expect(result).toHaveTextContent('A Caixa recusou as credenciais (401). (42 ms)');
    expect(api.testarConexao).toHaveBeenCalledWith(1);
  });

  it('Banco do Brasil asks for the variação; other contas are chosen from the list with their mode', async () => {
    const bb = { ...porApi, id: 2, banco: '001', variacao_carteira: '35', codigo_beneficiario: '3128557' };
    const antiga = { ...conta, id: 1, ativa: false };
    api.listContasBanco.mockResolvedValue([bb, antiga]);
    renderWithProviders(<IntegracaoBancoSection />);
    expect(await screen.findByLabelText(/Variação da carteira/)).toHaveValue('35');
    const section = screen.getByRole('region', { name: 'Integração com o banco' });
    expect(within(section).getByDisplayValue('Banco do Brasil — agência 1234, beneficiário 3128557 (API) — em uso')).toBeInTheDocument();
  });
});
