import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { RetornoDropzone, RETORNO_MSG } from './RetornoDropzone';

const api = vi.hoisted(() => ({ enviarRetorno: vi.fn() }));
vi.mock('../api/retornos', () => api);

afterEach(() => api.enviarRetorno.mockReset());

function drop(file: File) {
  renderWithProviders(<RetornoDropzone onUploaded={() => {}} />);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return userEvent.upload(input, file);
}

describe('RetornoDropzone', () => {
  it('says "O arquivo está vazio." for an empty file and sends nothing (issue 25)', async () => {
    await drop(new File([], 'RET0001.ret'));
    expect(await screen.findByText(RETORNO_MSG.empty)).toBeInTheDocument();
    expect(api.enviarRetorno).not.toHaveBeenCalled();
  });

  it('an upload error stays until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      api.enviarRetorno.mockRejectedValue(new Error('rede'));
      await drop(new File(['x'.repeat(240)], 'RET0002.ret'));
      expect(await screen.findByText('Ocorreu uma falha no envio do arquivo.')).toBeInTheDocument();
      vi.advanceTimersByTime(10_000);
      expect(screen.getByText('Ocorreu uma falha no envio do arquivo.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
