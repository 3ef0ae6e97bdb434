import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { PagedTable } from '../components/PagedTable';
import { SearchBox } from '../components/SearchBox';
import { renderWithProviders } from '../test/render';
import { usePagedList } from './use-paged-list';

type Row = { id: number; nome: string };
const page = (n: number) => ({ data: [{ id: n, nome: `Pessoa ${n}` }], from: n, to: n, total: 3, current_page: n, last_page: 3, per_page: 1 });

describe('usePagedList', () => {
  it('pages, searches on Enter from page 1, and sends the filters', async () => {
    const fetch = vi.fn(async ({ page: p }: { page: number }) => page(p));
    function List() {
      const list = usePagedList<Row, { situacao: string }>({ key: ['pessoas-teste'], fetch, filters: { situacao: 'TODAS' } });
      return (
        <>
          <Button onClick={() => list.setFilters({ situacao: 'ATIVO' })}>Ativos</Button>
          <SearchBox placeholder="Pesquisar" {...list.searchProps} />
          <PagedTable<Row> rowKey={(r) => r.id} columns={[{ key: 'nome', header: 'Nome' }]} {...list.tableProps} />
        </>
      );
    }
    renderWithProviders(<List />);
    expect(await screen.findByText('Pessoa 1')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith({ page: 1, pesquisa: '', situacao: 'TODAS' });
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Pessoa 2')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Pesquisar'), { target: { value: 'ana' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Pesquisar'), { key: 'Enter' });
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, pesquisa: 'ana', situacao: 'TODAS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ativos' }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ page: 1, pesquisa: 'ana', situacao: 'ATIVO' }));
  });
});
