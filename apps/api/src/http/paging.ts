import type { PagedResult } from '@bg/domain';

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
