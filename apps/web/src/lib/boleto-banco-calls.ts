/**
 * The calls behind a boleto's bank panel (issue 26), in a file of their own so a component test
 * can stand in for the server (`vi.mock('…/lib/boleto-banco-calls')`) while the keys stay real.
 * Several features show one boleto (Boletos da Garantia, Boletos Garantidos' Histórico), and no
 * feature imports another: the panel and its calls are shared, like lib/lookups.ts.
 */
import { bancoContracts as c, type ContractResult } from '@bg/domain';
import { call } from './api-contract';

/** A boleto at the bank: its registration, what waits for the bank and what the bank answered. */
export type BoletoBanco = ContractResult<typeof c.getBoletoBanco>['data'];
/** One request, response or webhook exchanged with the bank (secrets masked). */
export type ComunicacaoBanco = BoletoBanco['comunicacoes'][number];

export const getBoletoBanco = (boletoId: number): Promise<BoletoBanco> => call(c.getBoletoBanco, { params: { id: boletoId } }).then((r) => r.data);

/** "Consultar no banco": asks the bank now; a payment settled there is applied once. */
export const consultarBoletoNoBanco = (boletoId: number) => call(c.consultarBoleto, { params: { id: boletoId } });

/** "Registrar novamente": sends the registration of a refused or stuck boleto now. */
export const registrarBoletoNoBanco = (boletoId: number) => call(c.registrarBoleto, { params: { id: boletoId } });
