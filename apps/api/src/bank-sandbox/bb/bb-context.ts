import type { FaultBoard } from '../faults.js';
import type { HangingRequests } from '../hanging-requests.js';
import type { ResolvedSandboxOptions } from '../sandbox-options.js';
import type { BbErrorModel } from './bb-sandbox-errors.js';
import type { BbSandboxStore } from './bb-store.js';

/** What the BB sandbox's routes share (one per mounted sandbox). */
export type BbSandboxContext = {
  options: ResolvedSandboxOptions;
  store: BbSandboxStore;
  faults: FaultBoard;
  hanging: HangingRequests;
  /** Set when the sandbox closes: webhook retries stop. */
  closed: { value: boolean };
};

/** Routes a fault can be injected into (POST /bb/sandbox/falhas { rota }). */
export const BB_ROTAS = ['token', 'registrar', 'consultar', 'listar', 'alterar', 'baixar', 'baixas-operacionais'] as const;
export type BbRota = (typeof BB_ROTAS)[number];

/** The error model BB documents for each route (bb-sandbox-errors.ts). */
export const BB_ROTA_ERROR_MODEL: Record<BbRota, BbErrorModel> = {
  token: 'v4',
  registrar: 'v4',
  consultar: 'erro',
  listar: 'v2',
  alterar: 'erro',
  baixar: 'erro',
  'baixas-operacionais': 'v4',
};
