import { queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../../lib/use-paged-list';
import { webhooksApi, type EntregaFilters, type EntregaRow, type WebhookRow } from './webhooks';

/** The webhooks feature's query keys (decision 102). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  detail: (id: number) => ['webhooks', 'detail', id] as const,
  entregas: (id: number) => ['webhooks', 'entregas', id] as const,
};

export const webhookQuery = (id: number) => queryOptions({ queryKey: webhookKeys.detail(id), queryFn: () => webhooksApi.get(id), enabled: id > 0 });

/** The endpoints of the shops the user manages (administradores: every shop, or one). */
export const useWebhooksList = (filters: { empresa_id: number | null }) =>
  usePagedList<WebhookRow, { empresa_id: number | null }>({ key: webhookKeys.all, fetch: webhooksApi.list, filters });

/** One endpoint's delivery log with its filters. */
export const useEntregasList = (id: number, filters: EntregaFilters) =>
  usePagedList<EntregaRow, EntregaFilters>({ key: webhookKeys.entregas(id), fetch: (p) => webhooksApi.deliveries(id, p), filters });
