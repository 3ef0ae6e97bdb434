import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { StatusBadge, statusColor } from './StatusBadge';

describe('StatusBadge', () => {
  it('has the class equal to the status', () => {
    renderWithProviders(<StatusBadge status="APROVADO" />);
    const badge = screen.getByText('APROVADO').closest('[data-status]');
    expect(badge).toHaveClass('APROVADO');
    expect(badge).toHaveAttribute('data-status', 'APROVADO');
  });

  it('keeps multi-word statuses whole in data-status', () => {
    renderWithProviders(<StatusBadge status="NÃO AUTORIZADO" />);
    const badge = screen.getByText('NÃO AUTORIZADO').closest('[data-status]');
    expect(badge).toHaveClass('NÃO', 'AUTORIZADO');
    expect(badge).toHaveAttribute('data-status', 'NÃO AUTORIZADO');
  });

  it('maps known statuses to colours and unknown ones to gray', () => {
    expect(statusColor('PENDENTE')).toBe('yellow');
    expect(statusColor('PRÉ APROVADO')).toBe('teal');
    expect(statusColor('Em Aberto')).toBe('yellow');
    expect(statusColor('QUALQUER')).toBe('gray');
    expect(statusColor(null)).toBe('gray');
  });
});
