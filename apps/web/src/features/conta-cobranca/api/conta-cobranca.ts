import type { ContaCobrancaForm } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type ContaCobranca = ContaCobrancaForm & { id: number; origem: string; boletos_emitidos: number };

export const getContaCobranca = () => api<{ data: ContaCobranca | null }>('/api/contaCobranca/get').then((r) => r.data);
export const saveContaCobranca = (body: ContaCobrancaForm) => api<{ data: { id: number; nova: boolean } }>('/api/contaCobranca/save', { method: 'POST', body });
