import type { ReactNode } from 'react';
import type { PagedResult } from '@bg/domain';
import { DataTable, type DataTableColumn } from './DataTable';
import { Paginator } from './Paginator';

export interface PagedTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  /** The list endpoint's answer; undefined before the first response arrives. */
  result: PagedResult<T> | undefined;
  loading?: boolean;
  onPage: (page: number) => void;
  onRowClick?: (row: T) => void;
  rowKey: (row: T) => string | number;
  emptyText?: ReactNode;
  caption?: string;
}

/** A list screen's body: the table plus its paginator, fed straight from a paged endpoint. */
export function PagedTable<T>({ columns, result, loading = false, onPage, onRowClick, rowKey, emptyText, caption }: PagedTableProps<T>) {
  return (
    <div>
      <DataTable
        columns={columns}
        rows={result?.data ?? []}
        rowKey={rowKey}
        loading={loading}
        emptyText={emptyText}
        onRowClick={onRowClick}
        caption={caption}
      />
      {/* No footer before the first answer: "Mostrando 0 até 0" would claim an empty list. */}
      {result && <Paginator page={result} onChange={onPage} disabled={loading} />}
    </div>
  );
}
