import { queryOptions } from '@tanstack/react-query';
import { getResumo } from './dashboard';

/** The dashboard feature's query keys (decision 102). */
export const dashboardKeys = {
  resumo: ['dashboard', 'resumo'] as const,
};

/** Início's figures for the user's role. */
export const resumoQuery = () => queryOptions({ queryKey: dashboardKeys.resumo, queryFn: getResumo });
