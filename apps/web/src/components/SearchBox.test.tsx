import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  it('searches on Enter', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchBox placeholder="Nome ou CPF/CNPJ" onSearch={onSearch} />);
    await userEvent.type(screen.getByPlaceholderText('Nome ou CPF/CNPJ'), 'Maria {Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Maria');
  });

  it('searches on Filtrar, starting from the initial value', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<SearchBox label="Pesquisa" initialValue="Loja" onSearch={onSearch} />);
    expect(screen.getByLabelText('Pesquisa')).toHaveValue('Loja');
    await userEvent.type(screen.getByLabelText('Pesquisa'), ' Centro');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onSearch).toHaveBeenCalledWith('Loja Centro');
  });

  it('does not submit an enclosing form on Enter', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <SearchBox placeholder="Pesquisar" onSearch={() => {}} />
      </form>,
    );
    await userEvent.type(screen.getByPlaceholderText('Pesquisar'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
