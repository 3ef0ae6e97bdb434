import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { DenyModal } from './DenyModal';

const REASONS = [
  'Restrição no CNPJ ligado ao cliente',
  'Restrição no avalista',
  'Restrição no sócio da empresa',
  'Baixo escore de crédito',
  'Telefone não localizado ou sem contato',
  'Terceiro suspeito',
  'Filling',
  'Outro',
];

describe('Negar modal', () => {
  it('offers the eight reasons of spec §5 with the first as default, a 6-row note, Fechar and Confirmar', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderWithProviders(<DenyModal opened onClose={onClose} onConfirm={onConfirm} />);
    const motivo = screen.getByRole('combobox', { name: /Motivo/ });
    expect(motivo).toHaveValue(REASONS[0]);
    fireEvent.click(motivo);
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(REASONS);
    expect(screen.getByLabelText(/Observação/)).toHaveAttribute('rows', '6');

    // the note is required
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Observação/), { target: { value: '  Sem contato com o cliente  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(REASONS[0], 'Sem contato com o cliente'));

    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
