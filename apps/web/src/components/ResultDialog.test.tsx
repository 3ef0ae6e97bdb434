import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { confirmAction, showError, showResult } from './ResultDialog';
import { showAlert } from './AlertBar';

describe('showResult', () => {
  it('shows "Tudo Certo!" and closes by itself', () => {
    // fake timers: a real 200 ms delay can elapse before a busy machine looks for the dialog
    vi.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => {
        showResult({ status: 200, msg: 'Empresa salva.' }, { autoCloseMs: 200 });
      });
      expect(screen.getByRole('dialog', { name: 'Tudo Certo!' })).toBeInTheDocument();
      expect(screen.getByText('Empresa salva.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes after the default 1.5 s', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => {
        showResult({ status: 200 });
      });
      expect(screen.getByRole('dialog', { name: 'Tudo Certo!' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1499));
      expect(screen.getByRole('dialog', { name: 'Tudo Certo!' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a shorter delay (1 s after a slip update) from the payload', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => {
        showResult({ status: 200, msg: 'Boleto atualizado.', autoCloseMs: 1000 });
      });
      expect(screen.getByText('Boleto atualizado.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('every success dialog closes, even when a caller asks it to stay (issue 25: "Remessa nº N gerada…")', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => {
        showResult({ status: 200, msg: 'Remessa nº 7 gerada.' }, { autoCloseMs: 0 });
      });
      expect(screen.getByText('Remessa nº 7 gerada.')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1500));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server msg under "Ops! Ocorreu um erro." for other statuses, and it stays until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<div />);
      act(() => {
        showResult({ status: 422, msg: 'CNPJ já cadastrado.', autoCloseMs: 1000 });
      });
      expect(screen.getByRole('dialog', { name: 'Ops! Ocorreu um erro.' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('CNPJ já cadastrado.')).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ops! Ocorreu um erro.' })).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('showError uses the error path and stays open', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<div />);
      act(() => {
        showError('Falha de rede');
      });
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.getByRole('dialog', { name: 'Ops! Ocorreu um erro.' })).toBeInTheDocument();
      expect(screen.getByText('Falha de rede')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('confirmAction', () => {
  it('resolves true on the button naming the action and false on Voltar; no button says Confirmar or Cancelar (issue 25)', async () => {
    renderWithProviders(<div />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmAction({ title: 'Cancelar boleto', text: 'Cancelar este boleto?', confirmLabel: 'Sim, cancelar boleto' });
    });
    await screen.findByText('Cancelar este boleto?');
    expect(screen.getAllByRole('button').map((b) => b.textContent).filter((t) => t === 'Cancelar' || t === 'Confirmar')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sim, cancelar boleto' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirmAction({ title: 'Ativar empresa', text: 'Deseja ativar?', confirmLabel: 'Ativar' });
    });
    await screen.findByText('Deseja ativar?');
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await expect(answer).resolves.toBe(false);
  });
});

describe('showAlert', () => {
  it('shows the message in a notification', async () => {
    renderWithProviders(<div />);
    act(() => {
      showAlert('Senha atual incorreta.');
    });
    expect(await screen.findByText('Senha atual incorreta.')).toBeInTheDocument();
  });
});
