import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DUPLICATA_MSG, DuplicataDropzone } from './DuplicataDropzone';

const png = (i: number, bytes = 8) => new File([new Uint8Array(bytes)], `duplicata-${String(i).padStart(2, '0')}.png`, { type: 'image/png' });

/** Selects files through the dropzone's hidden input, as the file picker does. */
function pick(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

function setup() {
  const onUpload = vi.fn().mockResolvedValue(undefined);
  renderWithProviders(<DuplicataDropzone loading={false} onUpload={onUpload} />);
  return onUpload;
}

describe('Duplicatas Assinadas dropzone', () => {
  it('takes several files at once, JPEG and PNG only', () => {
    setup();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png']));
  });

  it('13 files: says so in Portuguese and uploads nothing (not even the first 12)', async () => {
    const onUpload = setup();
    pick(Array.from({ length: 13 }, (_, i) => png(i + 1)));
    expect(await screen.findByText(DUPLICATA_MSG.tooMany)).toBeInTheDocument();
    expect(DUPLICATA_MSG.tooMany).toBe('Selecione no máximo 12 duplicatas por envio. Nenhum arquivo foi enviado.');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('12 PNG files: uploads all of them, without a warning', async () => {
    const onUpload = setup();
    const files = Array.from({ length: 12 }, (_, i) => png(i + 1));
    pick(files);
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    expect((onUpload.mock.calls[0][0] as File[]).map((f) => f.name)).toEqual(files.map((f) => f.name));
    expect(screen.queryByText(DUPLICATA_MSG.tooMany)).not.toBeInTheDocument();
    expect(screen.queryByText(DUPLICATA_MSG.invalid)).not.toBeInTheDocument();
  });

  it('a PDF among valid images: explains the rule and uploads nothing', async () => {
    const onUpload = setup();
    pick([png(1), new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText(DUPLICATA_MSG.invalid)).toBeInTheDocument();
    expect(onUpload).not.toHaveBeenCalled();
  });
});

describe('Duplicatas Assinadas dropzone — the files already sent (issue 25)', () => {
  it('with 11 sent: "até 1 arquivo restante", and 2 files are refused whole', async () => {
    const onUpload = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<DuplicataDropzone loading={false} onUpload={onUpload} enviadas={11} />);
    expect(screen.getByText(/até 1 arquivo restante/)).toBeInTheDocument();
    pick([png(1), png(2)]);
    expect(await screen.findByText('Esta garantia aceita só mais 1 arquivo. Nenhum arquivo foi enviado.')).toBeInTheDocument();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('with 9 sent: "até 3 arquivos restantes", 3 files go', async () => {
    const onUpload = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<DuplicataDropzone loading={false} onUpload={onUpload} enviadas={9} />);
    expect(screen.getByText(/até 3 arquivos restantes/)).toBeInTheDocument();
    const files = [png(1), png(2), png(3)];
    pick(files);
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(files));
  });

  it('with 12 sent: no dropzone, says the maximum was reached', () => {
    renderWithProviders(<DuplicataDropzone loading={false} onUpload={vi.fn()} enviadas={12} />);
    expect(screen.getByRole('status')).toHaveTextContent('Esta garantia já tem 12 duplicatas enviadas, o máximo.');
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
