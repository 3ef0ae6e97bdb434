// Public surface of the settlement (acordo) math; src/index.ts re-exports this file.
export { SettlementError, SETTLEMENT_MSG, type SettlementErrorCode, type SettlementField } from './settlement-error.js';
export {
  SETTLEMENT_MULTA_BASIS_POINTS,
  SETTLEMENT_JUROS_DIA_BASIS_POINTS,
  SETTLEMENT_TAXA_CENTS,
  SETTLEMENT_MIN_INSTALLMENTS,
  SETTLEMENT_MAX_INSTALLMENTS,
} from './settlement-constants.js';
export { defaultSettlementDueDates } from './due-dates.js';
export { settlementUpdatedValue, type SettlementBoleto, type SettlementUpdatedValue } from './updated-value.js';
export {
  simulateSettlement,
  type SettlementSimulationInput,
  type SettlementSimulation,
  type SettlementInstallment,
} from './simulate-settlement.js';
export {
  settlementSimulationFields,
  settlementSimulationSchema,
  refineSettlementPlan,
  type SettlementSimulationRequest,
} from './settlement-schema.js';
