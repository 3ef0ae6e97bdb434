import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { LgpdPage } from './LgpdPage';

const api = vi.hoisted(() => ({ lgpdApi: { exportar: vi.fn(), acessos: vi.fn() } }));
vi.mock('../api/lgpd', () => api);
const files = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../../lib/download', () => files);

afterEach(() => {
  api.lgpdApi.exportar.mockReset();
  files.download.mockReset();
});

describe('LGPD', () => {
  it('exports the titular’s data and saves it under the document’s digits', async () => {
    const pdf = new Blob(['%PDF-1.7']);
    api.lgpdApi.exportar.mockResolvedValue(pdf);
    renderWithProviders(<LgpdPage />);
    await userEvent.type(screen.getByLabelText('CPF/CNPJ do titular'), '38172645007');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await waitFor(() => expect(files.download).toHaveBeenCalledWith(pdf, 'lgpd-38172645007.pdf'));
    expect(api.lgpdApi.exportar).toHaveBeenCalledWith('381.726.450-07', 'pdf');
  });
});
