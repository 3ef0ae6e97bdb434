import { contaCobrancaContracts, remessaContracts as c, remessaJobResultJson, type ContractResult, type RemessaJobResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A row of Remessas (spec §3 Remittance) with its expiring download link. */
export type RemessaRow = ContractResult<typeof c.getRemessas>['data'][number];

export const listRemessas = ({ page }: { page: number }) => call(c.getRemessas, { query: { page } });

/** Asks for a remessa — of one conta, or one file per conta with pending titles: answers the job generating it. */
export const gerarRemessa = (contaId: number | null) => call(c.gerarRemessa, { query: contaId ? { conta_cobranca_id: contaId } : {} });

/**
 * The active contas that write remessas (by CNAB file), for the conta chooser (decision 126); a
 * deactivated conta's pending write-offs go with "Todas as contas".
 */
export const contasDeRemessa = () => call(contaCobrancaContracts.list).then((r) => r.data.filter((conta) => conta.modo === 'CNAB' && conta.ativa));

/** The job's result, when it has the shape of a finished remessa job. */
export function remessaResult(result: unknown): RemessaJobResult | null {
  const parsed = remessaJobResultJson.safeParse(result);
  return parsed.success ? parsed.data : null;
}
