import { twoFactorContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** Verificação em duas etapas (docs/decisions/095): where it stands, turning it on and off. */
export type TwoFactorSetup = ContractResult<typeof c.iniciar>['data'];

export const twoFactorApi = {
  status: () => call(c.status).then((b) => b.data),
  /** A new secret with its QR code; nothing changes until a first code confirms it. */
  iniciar: () => call(c.iniciar),
  /** Turns it on; answers the 10 recovery codes, shown once. */
  confirmar: (code: string) => call(c.confirmar, { body: { code } }),
  /** Turns it off with the password and a code. */
  desativar: (body: ContractInput<typeof c.desativar>['body']) => call(c.desativar, { body }),
};
