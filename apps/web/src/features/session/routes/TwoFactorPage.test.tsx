import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { twoFactorContracts as c } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { TwoFactorPage } from './TwoFactorPage';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/api-contract', () => ({ call: api.call }));
const auth = vi.hoisted(() => ({ reloadUser: vi.fn(), required: false }));
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 9, nivel: '2', dois_fatores: { ativo: false, configuracao_obrigatoria: auth.required } }),
  useAuth: () => ({ reloadUser: auth.reloadUser }),
}));

const codes = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'iiiii-jjjjj', 'kkkkk-lllll', 'mmmmm-nnnnn', 'ooooo-ppppp', 'qqqqq-rrrrr', 'sssss-ttttt'];
const off = { status: 200, msg: 'ok', data: { ativo: false, ativado_em: null, codigos_restantes: 0, obrigatorio: false } };

afterEach(() => {
  api.call.mockReset();
  auth.reloadUser.mockReset();
  auth.required = false;
});

describe('Verificação em duas etapas', () => {
  it('shows the QR code and the key, enables with the first code, then shows the recovery codes once', async () => {
    api.call.mockImplementation(async (contract: { path: string }, input?: { body?: { code: string } }) => {
      if (contract.path === c.status.path) return off;
      if (contract.path === c.iniciar.path) return { status: 200, msg: 'ok', data: { segredo: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AAAA' } };
      if (contract.path === c.confirmar.path) return { status: 200, msg: 'Ativada.', codigos_recuperacao: codes, sent: input?.body };
      throw new Error(contract.path);
    });
    auth.required = true;
    renderWithProviders(<TwoFactorPage />);
    expect(await screen.findByText('Configuração obrigatória')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Configurar' }));
    expect(await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText('Código do aplicativo'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith(c.confirmar, { body: { code: '654321' } }));
    const grid = await screen.findByTestId('recovery-codes');
    expect(grid.textContent).toBe(codes.join(''));
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(auth.reloadUser).toHaveBeenCalled());
  });

  it('when on and optional: turning it off asks for password and code', async () => {
    api.call.mockResolvedValue({ status: 200, msg: 'ok', data: { ativo: true, ativado_em: '2026-01-05T17:30:00.000Z', codigos_restantes: 7, obrigatorio: false } });
    renderWithProviders(<TwoFactorPage />);
    expect(await screen.findByText('7')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
  });

  it('when mandatory it cannot be turned off', async () => {
    api.call.mockResolvedValue({ status: 200, msg: 'ok', data: { ativo: true, ativado_em: '2026-01-05T17:30:00.000Z', codigos_restantes: 10, obrigatorio: true } });
    renderWithProviders(<TwoFactorPage />);
    expect(await screen.findByText('Obrigatória para administradores: não pode ser desativada.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
  });
});
