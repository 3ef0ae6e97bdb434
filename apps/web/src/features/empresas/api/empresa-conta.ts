import { contaCobrancaContracts as c } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** The contas de cobrança a shop may use (administradores: decision 126), each with the shops that use it. */
export const contasDeCobranca = () => call(c.list).then((r) => r.data);

/** The shop's own conta, or null for the house default. */
export const salvarContaDaEmpresa = (empresaId: number, contaId: number | null) => call(c.empresa, { params: { id: empresaId }, body: { conta_cobranca_id: contaId } });
