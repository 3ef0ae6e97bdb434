import { assinaturaContracts as c, type ContractResult } from '@bg/domain';
import { call, filePath } from '../../../lib/api-contract';

/**
 * The public signing page's calls. They need no session: without a login the client sends no
 * token, and their refusals (404 "link inválido ou expirado", 422, 429) never trigger a logout.
 */
export type AssinaturaPublica = ContractResult<typeof c.getPublica>['data'];
export type AssinaturaConcluida = ContractResult<typeof c.assinar>['data'];

export const getAssinaturaPublica = (token: string) => call(c.getPublica, { params: { token } }).then((r) => r.data);

export const assinarDuplicatas = (token: string, body: { cpf_cnpj: string; nome: string; aceite: boolean }) =>
  call(c.assinar, { params: { token }, body: body as { cpf_cnpj: string; nome: string; aceite: true } });

/** The PDF exactly as sent (the browser opens it itself: a public address, no token needed). */
export const documentoPath = (token: string) => filePath(c.getDocumento, { token });
