import { MAX_PER_PAGE, type PagedResult } from '@bg/domain';

/** The paging input every list takes (`pagingQuerySchema` in the domain parses it from the query). */
export type PageInput = { page: number; per_page: number };

/**
 * The page actually served: whole numbers, page ≥ 1 and 1 ≤ per_page ≤ MAX_PER_PAGE (100), even
 * when a caller skipped the schema.
 */
export function pageWindow(input: PageInput): { page: number; perPage: number; offset: number } {
  const page = Math.max(1, Math.trunc(input.page) || 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(input.per_page) || 1));
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Builds the shared paged answer `{ data, from, to, total, current_page, last_page, per_page }`. */
export function paged<T>(data: T[], total: number, page: number, perPage: number): PagedResult<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    from,
    to: from === null ? null : from + data.length - 1,
    total,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
  };
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}
