import { dashboardContracts as c, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** Início's figures for the user's role (one call, one card per figure). */
export type Resumo = ContractResult<typeof c.getResumo>['data'];
export type ResumoUsuario = Extract<Resumo, { perfil: 'usuario' }>;
export type ResumoAdmin = Extract<Resumo, { perfil: 'administrador' }>;

export const getResumo = () => call(c.getResumo).then((r) => r.data);
