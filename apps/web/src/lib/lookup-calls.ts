/**
 * The calls behind lib/lookups.ts, in a file of their own so a component test can stand in for
 * the server (`vi.mock('…/lib/lookup-calls')`) while the keys and query options stay real.
 */
import { empresaContracts, systemContracts, type ContractResult } from '@bg/domain';
import { call } from './api-contract';

/** One option of an empresa select: value (id), label, situação and franqueado. */
export type EmpresaOption = ContractResult<typeof empresaContracts.dataForSelect>['data'][number];

/** The empresas the user may pick (every select of a Loja, the franqueado of an empresa). */
export const empresasForSelect = (): Promise<EmpresaOption[]> => call(empresaContracts.dataForSelect).then((r) => r.data);

/** The system's public settings (the chat link of the menu and of the request wizard). */
export const systemConfig = () => call(systemContracts.config);
