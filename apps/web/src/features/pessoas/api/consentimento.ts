import { queryOptions } from '@tanstack/react-query';
import { mensagemAdminContracts as c, type ContractResult, type MensagemChannel } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A person's choice per messaging channel and its history (docs/messaging.md "Consentimento"; administradores). */
export type Consentimento = ContractResult<typeof c.getConsentimento>['data'];

export const consentimentoApi = {
  get: (pessoaId: number) => call(c.getConsentimento, { params: { id: pessoaId } }).then((r) => r.data),
  registrar: (pessoaId: number, body: { channel: MensagemChannel; aceito: boolean; detalhe?: string | null }) => call(c.registrarConsentimento, { params: { id: pessoaId }, body }),
};

/** Its query key sits under the person's (decision 102). */
export const consentimentoKey = (pessoaId: number) => ['pessoa', pessoaId, 'consentimento'] as const;

export const consentimentoQuery = (pessoaId: number) => queryOptions({ queryKey: consentimentoKey(pessoaId), queryFn: () => consentimentoApi.get(pessoaId) });
