import { assinaturaContracts as c, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A signing request of the guarantee (Boletos da Garantia shows where each one stands). */
export type AssinaturaEnvio = ContractResult<typeof c.getByGarantia>['data'][number];

/** "Assinatura digital": sends the duplicatas for signature (link by WhatsApp and e-mail). */
export const enviarParaAssinatura = (garantiaId: number, body: { email: string; telefone: string }) =>
  call(c.getDuplicataAssinatura, { params: { garantiaId }, body });

export const listAssinaturas = (garantiaId: number) => call(c.getByGarantia, { params: { garantiaId } }).then((r) => r.data);
