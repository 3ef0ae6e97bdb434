import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { Paginator, pageWindow } from './Paginator';

describe('pageWindow', () => {
  it('starts at page 1 at the start of a long list', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });
  it('centres on the current page in the middle', () => {
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });
  it('keeps the window full at the end', () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(8, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it('lists every page when there are fewer than 5', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('handles no pages, out-of-range pages and other sizes', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});

const page1 = { from: 1, to: 15, total: 40, current_page: 1, last_page: 3 };

describe('Paginator', () => {
  it('shows the spec footer', () => {
    renderWithProviders(<Paginator page={page1} onChange={() => {}} />);
    expect(screen.getByText('Mostrando 1 até 15 de 40 registros encontrados.')).toBeInTheDocument();
  });

  it('shows zeros for an empty list (from/to null)', () => {
    renderWithProviders(<Paginator page={{ from: null, to: null, total: 0, current_page: 1, last_page: 1 }} onChange={() => {}} />);
    expect(screen.getByText('Mostrando 0 até 0 de 0 registros encontrados.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo >' })).toBeDisabled();
  });

  it('goes to the next page and disables "< Anterior" on page 1', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Paginator page={page1} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '< Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo >' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('links at most 5 pages and jumps to a clicked page', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Paginator page={{ from: 91, to: 105, total: 300, current_page: 7, last_page: 20 }} onChange={onChange} />);
    const links = screen.getAllByRole('button', { name: /^Página / }).map((b) => b.textContent);
    expect(links).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: 'Página 7' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Página 9' }));
    expect(onChange).toHaveBeenCalledWith(9);
    await userEvent.click(screen.getByRole('button', { name: '< Anterior' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
  });

  it('disables "Próximo >" on the last page', () => {
    renderWithProviders(<Paginator page={{ from: 31, to: 40, total: 40, current_page: 3, last_page: 3 }} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Próximo >' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '< Anterior' })).toBeEnabled();
  });
});
