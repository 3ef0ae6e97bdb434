import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG, TWO_FACTOR_MSG } from '@bg/domain';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

const auth = vi.hoisted(() => ({ login: vi.fn(), completeLogin: vi.fn() }));
vi.mock('../../../lib/auth', () => ({
  useAuth: () => ({ state: { status: 'anonymous', user: null }, login: auth.login, completeLogin: auth.completeLogin, logout: vi.fn(), reloadUser: vi.fn() }),
}));

async function passwordStep() {
  renderWithProviders(<LoginPage />, { route: '/login' });
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'admin123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  return screen.findByLabelText('Código de verificação');
}

describe('Login', () => {
  it('hides the failure alert after 3 s, like every alert bar (spec §8)', async () => {
    auth.login.mockRejectedValue(new ApiError(401, { status: 401, msg: MSG.loginFailed }));
    renderWithProviders(<LoginPage />, { route: '/login' });
    fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'loja' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
    const shownAt = Date.now();
    // generous bound for a loaded machine: the old alert never went away at all
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
  });

  it('asks for the code when the password answers requires_2fa, and sends it with the challenge', async () => {
    auth.login.mockResolvedValue({ requires2fa: true, challenge: 'desafio-1' });
    auth.completeLogin.mockResolvedValue(undefined);
    const field = await passwordStep();
    expect(screen.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeInTheDocument();
    // the client checks the shape first: nothing is sent for "12a"
    fireEvent.change(field, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.codeFormat)).toBeInTheDocument();
    expect(auth.completeLogin).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(auth.completeLogin).toHaveBeenCalledWith('desafio-1', '123 456'));
  });

  it('a wrong code shows the server message; an expired challenge goes back to the password', async () => {
    auth.login.mockResolvedValue({ requires2fa: true, challenge: 'desafio-2' });
    auth.completeLogin.mockRejectedValueOnce(new ApiError(401, { status: 401, msg: TWO_FACTOR_MSG.codeInvalid }));
    const field = await passwordStep();
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.codeInvalid);
    expect(screen.getByLabelText('Código de verificação')).toHaveValue('');

    auth.completeLogin.mockRejectedValueOnce(new ApiError(401, { status: 401, msg: TWO_FACTOR_MSG.challengeExpired }));
    fireEvent.change(screen.getByLabelText('Código de verificação'), { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByLabelText('Senha')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MSG.challengeExpired);
  });

  it('keeps what was typed into the static login form (login.html) before the app took over', async () => {
    // the shell as login.html draws it: a marked copy of the form, typed into, cursor in Senha
    const shell = document.createElement('div');
    shell.setAttribute('data-login-shell', '');
    shell.innerHTML = '<input autocomplete="username"><input autocomplete="current-password" type="password">';
    document.body.appendChild(shell);
    const [username, password] = shell.querySelectorAll('input');
    username.value = 'loja';
    password.value = 'loja1';
    password.focus();
    renderWithProviders(<LoginPage />, { route: '/login' });
    shell.remove(); // what React's first commit does to the markup inside #root
    expect(screen.getByLabelText('Login')).toHaveValue('loja');
    expect(screen.getByLabelText('Senha')).toHaveValue('loja1');
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
    auth.login.mockResolvedValue({ requires2fa: false });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith('loja', 'loja1'));
  });

  it('keeps what was typed into the static form while the first render ran (a transition, in slices)', async () => {
    const shell = document.createElement('div');
    shell.setAttribute('data-login-shell', '');
    shell.innerHTML = '<input autocomplete="username"><input autocomplete="current-password" type="password">';
    document.body.appendChild(shell);
    const [username, password] = shell.querySelectorAll('input');
    username.value = 'lo';
    username.focus();
    // LoginPage's first render reads the form; the keys below arrive after that read and before
    // the commit, as they can between the slices of a transition
    const { readLoginShell } = await import('../login-shell-values');
    const read = readLoginShell();
    expect(read).toMatchObject({ username: 'lo', password: '', focus: 'username' });
    username.value = 'loja';
    password.focus();
    password.value = 'loj';
    shell.remove();
    expect(read?.current()).toEqual({ username: 'loja', password: 'loj', focus: 'password' });
    document.body.appendChild(shell);
    username.value = 'lo';
    password.value = '';
    username.focus();
    // a sibling before LoginPage: its layout effect runs after LoginPage's render read the form
    // and before LoginPage's own layout effect, where the keys of a sliced render would land
    const KeysDuringRender = () => {
      useLayoutEffect(() => {
        username.value = 'loja';
        password.focus();
        password.value = 'loj';
        shell.remove();
      }, []);
      return null;
    };
    renderWithProviders(
      <>
        <KeysDuringRender />
        <LoginPage />
      </>,
      { route: '/login' },
    );
    expect(screen.getByLabelText('Login')).toHaveValue('loja');
    expect(screen.getByLabelText('Senha')).toHaveValue('loj');
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
  });

  it('starts empty, with the cursor in Login, when there is no static form', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByLabelText('Login')).toHaveValue('');
    expect(screen.getByLabelText('Senha')).toHaveValue('');
    expect(screen.getByLabelText('Login')).toHaveFocus();
  });
});
