import { sessionContracts } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** Alterar Senha: the current password proves it is the user; the server ends the sessions. */
export const updatePassword = (userId: number, body: { old_password: string; password: string }) =>
  call(sessionContracts.updatePassword, { params: { id: userId }, body });
