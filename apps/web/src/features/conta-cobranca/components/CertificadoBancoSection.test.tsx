import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { CertificadoBancoSection } from './CertificadoBancoSection';

const contas = vi.hoisted(() => ({ listContasBanco: vi.fn(), saveIntegracao: vi.fn(), testarConexao: vi.fn() }));
const cert = vi.hoisted(() => ({ enviarCertificado: vi.fn(), removerCertificado: vi.fn() }));
vi.mock('../api/conta-banco', () => contas);
vi.mock('../api/certificado-banco', () => cert);

const conta = {
  id: 7, banco: '001', agencia: '4321', conta: '55555', codigo_beneficiario: '3128557', carteira: '17', variacao_carteira: '35', nome: 'Boleto Garantido',
  ativa: true, modo: 'API', api_url: 'https://api.bb.com.br/cobrancas/v2', api_oauth_url: 'https://oauth.bb.com.br/oauth/token', api_client_id: 'cliente',
  tem_client_secret: true, tem_app_key: true, alteracao_espera_minutos: 30, webhook_url: 'http://localhost/api/banco/webhook/7?token=abc', updated_at: '2026-11-27T12:00:00.000Z',
  certificado: null as null | { subject: string; validade: string; dias_restantes: number; vencendo: boolean },
};
const comCertificado = (dias: number) => ({ ...conta, certificado: { subject: 'BOLETO GARANTIDO:11222333000181', validade: '2027-03-01T12:00:00.000Z', dias_restantes: dias, vencendo: dias <= 30 } });

afterEach(() => {
  contas.listContasBanco.mockReset();
  cert.enviarCertificado.mockReset();
  cert.removerCertificado.mockReset();
});

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('Certificado do banco', () => {
  it('uploads the .pfx with its password; the password goes once and the form is cleared', async () => {
    contas.listContasBanco.mockResolvedValue([conta]);
    cert.enviarCertificado.mockResolvedValue({ status: 200, msg: 'Certificado guardado: vale até 01/03/2027 (94 dias).', data: { subject: 'X', issuer: 'AC', serial: '01', validade: '2027-03-01T12:00:00.000Z', dias_restantes: 94, vencendo: false } });
    const { container } = renderWithProviders(<CertificadoBancoSection />);
    expect(await screen.findByText('Nenhum certificado enviado para esta conta.')).toBeInTheDocument();
    expect(screen.getByText('Sem certificado')).toBeInTheDocument();
    const pfx = new File([new Uint8Array([0x30, 0x82, 0x01])], 'empresa.pfx', { type: 'application/x-pkcs12' });
    fireEvent.change(fileInput(container), { target: { files: [pfx] } });
    fireEvent.change(screen.getByLabelText(/Senha do certificado/), { target: { value: 'senha-do-pfx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    await waitFor(() => expect(cert.enviarCertificado).toHaveBeenCalledTimes(1));
    expect(cert.enviarCertificado).toHaveBeenCalledWith(7, [pfx], 'senha-do-pfx');
    expect(await screen.findByText('Certificado guardado: vale até 01/03/2027 (94 dias).')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Senha do certificado/)).toHaveValue(''));
  });

  it('without a file nothing is sent; the API’s 422 (wrong password) lands on the password field', async () => {
    contas.listContasBanco.mockResolvedValue([conta]);
    cert.enviarCertificado.mockRejectedValueOnce(new ApiError(422, { status: 422, msg: 'Senha do certificado incorreta.', errors: { senha: 'Senha do certificado incorreta.' } }));
    const { container } = renderWithProviders(<CertificadoBancoSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar certificado' }));
    expect(await screen.findByText('Selecione o arquivo do certificado.')).toBeInTheDocument();
    expect(cert.enviarCertificado).not.toHaveBeenCalled();

    fireEvent.change(fileInput(container), { target: { files: [new File(['x'], 'c.pfx')] } });
    fireEvent.change(screen.getByLabelText(/Senha do certificado/), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    await waitFor(() => expect(cert.enviarCertificado).toHaveBeenCalledTimes(1));
    // the field's own message, under the password input (the error dialog says it too)
    const wrapper = screen.getByLabelText(/Senha do certificado/).closest('.mantine-InputWrapper-root') as HTMLElement;
    await waitFor(() => expect(wrapper).toHaveTextContent('Senha do certificado incorreta.'));
  });

  it('shows the stored certificate: subject, validity and days left, red within 30 days', async () => {
    contas.listContasBanco.mockResolvedValue([comCertificado(12)]);
    renderWithProviders(<CertificadoBancoSection />);
    const atual = await screen.findByTestId('certificado-atual');
    expect(atual).toHaveTextContent('BOLETO GARANTIDO:11222333000181');
    expect(atual).toHaveTextContent('01/03/2027');
    expect(atual).toHaveTextContent('vence em 12 dias');
    expect(screen.getByTestId('certificado-prazo')).toHaveTextContent('vence em 12 dias');
    expect(screen.getByTestId('certificado-prazo').className + screen.getByTestId('certificado-prazo').getAttribute('style')).toMatch(/red/);
    expect(screen.getByRole('button', { name: 'Trocar certificado' })).toBeInTheDocument();
  });

  it('far from expiry it is not red; expired it says so', async () => {
    contas.listContasBanco.mockResolvedValue([comCertificado(200)]);
    const first = renderWithProviders(<CertificadoBancoSection />);
    expect(await screen.findByTestId('certificado-prazo')).toHaveTextContent('vence em 200 dias');
    expect(screen.getByTestId('certificado-prazo').className + screen.getByTestId('certificado-prazo').getAttribute('style')).not.toMatch(/red/);
    first.unmount();
    contas.listContasBanco.mockResolvedValue([comCertificado(-3)]);
    renderWithProviders(<CertificadoBancoSection />);
    expect(await screen.findByTestId('certificado-prazo')).toHaveTextContent('vencido há 3 dias');
  });

  it('Remover asks first, then removes', async () => {
    contas.listContasBanco.mockResolvedValue([comCertificado(12)]);
    cert.removerCertificado.mockResolvedValue({ status: 200, msg: 'Certificado removido: as chamadas ao banco seguem sem certificado do cliente.' });
    renderWithProviders(<CertificadoBancoSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover certificado' }));
    await waitFor(() => expect(cert.removerCertificado).toHaveBeenCalledWith(7));
  });
});
