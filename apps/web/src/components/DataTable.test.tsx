import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { DataTable, type DataTableColumn } from './DataTable';
import { PagedTable } from './PagedTable';
import { MoneyText } from './MoneyText';

type Row = { id: number; nome: string; valor: number };
const rows: Row[] = [
  { id: 1, nome: 'Ana', valor: 10 },
  { id: 2, nome: 'Bruno', valor: 1234.5 },
];

describe('DataTable', () => {
  it('renders headers, default and custom cells, and the empty text', () => {
    const onEdit = vi.fn();
    const columns: DataTableColumn<Row>[] = [
      { key: 'nome', header: 'Nome' },
      { key: 'valor', header: 'Valor', align: 'right', render: (r) => <MoneyText value={r.valor} /> },
      { key: 'acao', header: 'Ação', render: (r) => <Button onClick={() => onEdit(r.id)}>Editar</Button> },
    ];
    const { rerender } = renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeInTheDocument();
    expect(screen.getByText('R$ 1.234,50')).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('Nenhum registro encontrado.')).toBeInTheDocument();
  });

  it('opens a row on click and on Enter, but not from a button inside it', async () => {
    const onRowClick = vi.fn();
    const onEdit = vi.fn();
    const columns: DataTableColumn<Row>[] = [
      { key: 'nome', header: 'Nome' },
      { key: 'acao', header: 'Ação', render: (r) => <Button onClick={() => onEdit(r.id)}>Editar</Button> },
    ];
    renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Bruno'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);

    const anaRow = screen.getByText('Ana').closest('tr')!;
    anaRow.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    expect(onRowClick).toHaveBeenCalledTimes(2);

    await userEvent.click(within(anaRow).getByRole('button', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(1);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });
});

describe('DataTable column kinds', () => {
  type Person = { id: number; nome: string; cpf: string; valor: number };
  const long = `Maria${'Aparecida'.repeat(12)}DosSantos`;
  const people: Person[] = [{ id: 1, nome: long, cpf: '123.456.789-09', valor: 1234.5 }];
  const columns: DataTableColumn<Person>[] = [
    { key: 'nome', header: 'Nome', kind: 'name' },
    { key: 'cpf', header: 'CPF/CNPJ', kind: 'document' },
    { key: 'valor', header: 'Valor', kind: 'money', render: (r) => <MoneyText value={r.valor} /> },
    { key: 'acao', header: 'Ação', kind: 'actions', render: () => <Button>Editar</Button> },
  ];

  it('keeps documents and money on one line, truncates long names with the full text on hover, pins the actions', () => {
    renderWithProviders(<DataTable columns={columns} rows={people} rowKey={(r) => r.id} />);
    expect(screen.getByText('123.456.789-09').closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByText('R$ 1.234,50').closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    const name = screen.getByText(long);
    expect(name).toHaveAttribute('title', long);
    expect(name).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    const actions = screen.getByRole('button', { name: 'Editar' }).closest('td');
    expect(actions).toHaveStyle({ position: 'sticky', whiteSpace: 'nowrap' });
    expect(screen.getByRole('columnheader', { name: 'Ação' })).toHaveStyle({ position: 'sticky' });
  });

  it('lets a long header wrap over a column of one-line values, so the list fits 1280 px (issue 25)', () => {
    renderWithProviders(<DataTable columns={columns} rows={people} rowKey={(r) => r.id} />);
    expect(screen.getByRole('columnheader', { name: 'CPF/CNPJ' })).toHaveStyle({ whiteSpace: 'normal' });
    expect(screen.getByRole('columnheader', { name: 'Valor' })).toHaveStyle({ whiteSpace: 'normal' });
    expect(screen.getByRole('columnheader', { name: 'Ação' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});

describe('PagedTable', () => {
  it('renders the rows and the paginator of a paged result', async () => {
    const onPage = vi.fn();
    renderWithProviders(
      <PagedTable<Row>
        columns={[{ key: 'nome', header: 'Nome' }]}
        result={{ data: rows, from: 1, to: 2, total: 4, current_page: 1, last_page: 2, per_page: 2 }}
        onPage={onPage}
        rowKey={(r) => r.id}
      />,
    );
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 até 2 de 4 registros encontrados.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Próximo >' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('shows no footer before the first answer', () => {
    renderWithProviders(<PagedTable<Row> columns={[]} result={undefined} loading onPage={() => {}} rowKey={(r) => r.id} />);
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
  });
});
