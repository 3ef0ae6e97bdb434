import { Button, Group, Text } from '@mantine/core';
import type { PagedResult } from '@bg/domain';

/** Spec §2/§9: at most 5 page links around the current page. */
export const PAGE_WINDOW = 5;

/**
 * The page numbers to link, centred on `current` when possible and shifted at the ends so the
 * window stays full: pageWindow(1, 10) → [1..5], pageWindow(6, 10) → [4..8], pageWindow(10, 10) →
 * [6..10], pageWindow(2, 3) → [1, 2, 3]. Empty when there are no pages.
 */
export function pageWindow(current: number, last: number, size: number = PAGE_WINDOW): number[] {
  if (last < 1 || size < 1) return [];
  const page = Math.min(Math.max(current, 1), last);
  const first = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(last, first + size - 1);
  const start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Only the paging fields are needed, so any PagedResult<T> (or a hand-made one) fits. */
export type PageInfo = Pick<PagedResult<unknown>, 'from' | 'to' | 'total' | 'current_page' | 'last_page'>;

export interface PaginatorProps {
  page: PageInfo;
  onChange: (page: number) => void;
  /** Disables the buttons while the next page is loading, so double clicks do not skip pages. */
  disabled?: boolean;
}

/** The footer text of every list, spec §2. */
export function pageSummary({ from, to, total }: Pick<PageInfo, 'from' | 'to' | 'total'>): string {
  // The API sends from/to as null on an empty list; the spec still shows zeros.
  return `Mostrando ${from ?? 0} até ${to ?? 0} de ${total ?? 0} registros encontrados.`;
}

export function Paginator({ page, onChange, disabled = false }: PaginatorProps) {
  const current = page.current_page;
  const last = page.last_page;
  const pages = pageWindow(current, last);

  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Text size="sm" c="dimmed">
        {pageSummary(page)}
      </Text>
      <Group gap={4} component="nav" aria-label="Paginação">
        <Button variant="default" size="xs" disabled={disabled || current <= 1} onClick={() => onChange(current - 1)}>
          {'< Anterior'}
        </Button>
        {pages.map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === current ? 'filled' : 'default'}
            aria-current={n === current ? 'page' : undefined}
            aria-label={`Página ${n}`}
            disabled={disabled}
            // Re-requesting the page on screen would only refetch the same rows.
            onClick={() => n !== current && onChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="default" size="xs" disabled={disabled || current >= last} onClick={() => onChange(current + 1)}>
          {'Próximo >'}
        </Button>
      </Group>
    </Group>
  );
}
