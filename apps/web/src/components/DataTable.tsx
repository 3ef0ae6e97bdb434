import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Box, LoadingOverlay, Table, Text } from '@mantine/core';

/**
 * How a column's cells behave when space is short:
 * - 'document' (CPF/CNPJ, phone, protocol), 'money', 'date': never broken across lines;
 * - 'name' (people, empresas, e-mails): one line, cut with "…", the full text on hover (title);
 * - 'actions': one line and pinned to the right edge, so the buttons stay on screen however wide
 *   the rest of the table is.
 * Without a kind the cell wraps as ordinary text.
 */
export type ColumnKind = 'document' | 'money' | 'date' | 'name' | 'actions';

export interface DataTableColumn<T> {
  /** Unique per table; also the field shown when there is no render function. */
  key: string;
  header: ReactNode;
  render?: (row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** For 'name' columns, the widest the text gets before it is cut (default NAME_MAX_WIDTH). */
  width?: CSSProperties['width'];
  kind?: ColumnKind;
  /** The full text shown on hover of a 'name' cell when render does not answer plain text. */
  title?: (row: T) => string;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  emptyText?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Accessible name of the table, e.g. the screen title. */
  caption?: string;
}

export const EMPTY_TEXT = 'Nenhum registro encontrado.';

// Clicks on controls inside a row (Editar, Bloquear, links) belong to the control, not to the row:
// without this every action button would also open the row's detail.
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="menuitem"]';

function fromInteractiveChild(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest(INTERACTIVE);
  return control !== null && event.currentTarget.contains(control);
}

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Widest a 'name' cell gets before its text is cut (with the full text on hover). */
export const NAME_MAX_WIDTH = '16rem';
/** The width of each 'name' column: 25 % of the table, or less when several share 60 % of it. */
function nameColumnShare(count: number): string {
  return `${Math.min(25, Math.floor(60 / Math.max(count, 1)))}%`;
}

/** Narrowest a 'name' column gets when the list needs the room. */
const NAME_MIN_WIDTH = '6rem';

const ONE_LINE: CSSProperties = { whiteSpace: 'nowrap' };
// Sticky cells need an opaque background, or the scrolled columns show through them.
const PINNED: CSSProperties = {
  whiteSpace: 'nowrap',
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
};

function cellStyle<T>(column: DataTableColumn<T>, nameShare?: string): CSSProperties {
  const base: CSSProperties = { textAlign: column.align };
  if (column.kind === 'actions') return { ...base, ...PINNED, width: column.width };
  // A 'name' column gets a share of the table's width (max-width 0 lets the table hold it to that
  // share whatever its text; the span cuts the text with "…", the full text on hover), never less
  // than NAME_MIN_WIDTH: with several long names on one list the table still fits 1280 px (issue 25).
  if (column.kind === 'name') return { ...base, maxWidth: 0, minWidth: NAME_MIN_WIDTH, width: nameShare };
  return { ...base, width: column.width, ...(column.kind ? ONE_LINE : undefined) };
}

/**
 * A header may wrap at its spaces ("Liquidados (qtd / valor)" on two lines) even where the cells
 * below never do: a long title must not widen a column of short values until the table no longer
 * fits a 1280 px screen (issue 25). The actions header stays with its pinned column.
 */
function headerStyle<T>(column: DataTableColumn<T>, nameShare?: string): CSSProperties {
  const style = cellStyle(column, nameShare);
  return column.kind === 'actions' ? style : { ...style, whiteSpace: 'normal' };
}

function cell<T>(column: DataTableColumn<T>, row: T): ReactNode {
  const content = column.render ? column.render(row) : defaultCell(row, column.key);
  if (column.kind !== 'name') return content;
  const full = column.title?.(row) ?? (typeof content === 'string' || typeof content === 'number' ? String(content) : undefined);
  return (
    <span
      title={full}
      style={{ display: 'block', maxWidth: column.width ?? NAME_MAX_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {content}
    </span>
  );
}

/** The one table of the app (HOUSE-STYLE habit 4): every list looks and behaves the same. */
export function DataTable<T>({ columns, rows, rowKey, loading = false, emptyText = EMPTY_TEXT, onRowClick, caption }: DataTableProps<T>) {
  const nameShare = nameColumnShare(columns.filter((c) => c.kind === 'name').length);
  const clickable = onRowClick !== undefined;

  return (
    <Box pos="relative">
      {/* Keeps the previous page visible under the overlay, so paging does not make the layout jump. */}
      <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <Table.ScrollContainer minWidth={600}>
        {/* 8 px a side instead of Mantine's 10: ten columns gain the room a 1280 px screen lacks */}
        <Table striped highlightOnHover withTableBorder horizontalSpacing={8} aria-label={caption} aria-busy={loading || undefined}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} style={headerStyle(column, nameShare)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !loading && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" size="sm" py="sm">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                style={clickable ? { cursor: 'pointer' } : undefined}
                // Focusable rows so a keyboard user can open the detail with Enter.
                tabIndex={clickable ? 0 : undefined}
                onClick={clickable ? (event) => !fromInteractiveChild(event) && onRowClick(row) : undefined}
                onKeyDown={
                  clickable
                    ? (event) => {
                        if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
                        event.preventDefault();
                        onRowClick(row);
                      }
                    : undefined
                }
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} style={cellStyle(column, nameShare)}>
                    {cell(column, row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
