import { remessaContracts as c, remessaJobResultJson, type ContractResult, type RemessaJobResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A row of Remessas (spec §3 Remittance) with its expiring download link. */
export type RemessaRow = ContractResult<typeof c.getRemessas>['data'][number];

export const listRemessas = ({ page }: { page: number }) => call(c.getRemessas, { query: { page } });

/** Asks for a remessa: answers the job generating it. */
export const gerarRemessa = () => call(c.gerarRemessa);

/** The job's result, when it has the shape of a finished remessa job. */
export function remessaResult(result: unknown): RemessaJobResult | null {
  const parsed = remessaJobResultJson.safeParse(result);
  return parsed.success ? parsed.data : null;
}
