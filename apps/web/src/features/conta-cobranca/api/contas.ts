import { contaCobrancaContracts as c, type ContractInput, type ContractResult } from '@bg/domain';
import { call } from '../../../lib/api-contract';

/** A conta in the list: what it issued and the shops that use it as their own (decision 126). */
export type ContaListada = ContractResult<typeof c.list>['data'][number];
/** A bank the engine offers, with the layouts of its remessas and whether it works by API. */
export type BancoOferecido = ContractResult<typeof c.bancos>['data'][number];
export type ContaBody = ContractInput<typeof c.create>['body'];

export const listContas = () => call(c.list).then((r) => r.data);
export const listBancos = () => call(c.bancos).then((r) => r.data);
export const createConta = (body: ContaBody) => call(c.create, { body });
export const updateConta = (id: number, body: ContaBody) => call(c.update, { params: { id }, body });
export const desativarConta = (id: number) => call(c.desativar, { params: { id } });
export const reativarConta = (id: number) => call(c.reativar, { params: { id } });
export const tornarPadrao = (id: number) => call(c.padrao, { params: { id } });
/** The shop's own conta, or null for the house default. */
export const definirContaDaLoja = (empresaId: number, contaId: number | null) => call(c.empresa, { params: { id: empresaId }, body: { conta_cobranca_id: contaId } });
