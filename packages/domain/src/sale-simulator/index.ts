// Public surface of the sale simulator; src/index.ts re-exports this file.
export {
  SaleSimulationError,
  SALE_MSG,
  SALE_SIMULATION_MIN_INSTALLMENTS,
  SALE_SIMULATION_MAX_INSTALLMENTS,
  SALE_SIMULATION_DEFAULT_INSTALLMENTS,
  type SaleSimulationErrorCode,
} from './sale-simulation-error.js';
export { simulateSale, type SaleSimulationInput, type SaleSimulation, type SaleInstallment } from './simulate-sale.js';
export { saleSimulationSchema, type SaleSimulationRequest } from './sale-simulation-schema.js';
