import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AssinaturaModal } from './AssinaturaModal';

const api = vi.hoisted(() => ({ enviarParaAssinatura: vi.fn() }));
vi.mock('../api/assinatura-envio', () => ({ enviarParaAssinatura: api.enviarParaAssinatura }));

afterEach(() => api.enviarParaAssinatura.mockReset());

function renderModal(onClose = vi.fn()) {
  renderWithProviders(<AssinaturaModal garantiaId={7} opened onClose={onClose} />);
  return onClose;
}

describe('Assinatura digital modal', () => {
  it('requires a valid phone and e-mail before sending', async () => {
    renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/Telefone/), '1198765');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'sem-arroba');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Informe um telefone válido!')).toBeInTheDocument();
    expect(screen.getByText('Informe um e-mail válido!')).toBeInTheDocument();
    expect(api.enviarParaAssinatura).not.toHaveBeenCalled();
  });

  it('sends the masked phone and the e-mail, closes and shows the spec’s success dialog', async () => {
    api.enviarParaAssinatura.mockResolvedValue({ status: 200, msg: 'ok', data: { id: 1, expires_at: '2026-12-01T00:00:00Z', mensagens: [1, 2] } });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText(/Telefone/), '11 987654321');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'cliente@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Documento enviado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('O link para realizar assinatura foi enviado para o whatsapp informado!')).toBeInTheDocument();
    expect(api.enviarParaAssinatura).toHaveBeenCalledWith(7, { telefone: '(11) 98765-4321', email: 'cliente@example.com' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the spec’s failure dialog with the server’s reason', async () => {
    api.enviarParaAssinatura.mockRejectedValue(new ApiError(409, { status: 409, msg: 'As duplicatas desta garantia já foram assinadas digitalmente.' }));
    renderModal();
    await userEvent.type(screen.getByLabelText(/Telefone/), '(11)3333-4444');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'cliente@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Opz! Algo deu errado!')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro ao enviar o documento para assinatura!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('As duplicatas desta garantia já foram assinadas digitalmente.')).toBeInTheDocument());
  });
});
