// Public surface of the advance (antecipação) math; src/index.ts re-exports this file.
export { AdvanceError, ADVANCE_MSG, type AdvanceErrorCode } from './advance-error.js';
export { parsePercentRate, percentText, type PercentRate } from './percent-rate.js';
export {
  simulateAdvance,
  isAdvanceableDueDate,
  type AdvanceSimulationInput,
  type AdvanceBoletoInput,
  type AdvanceBoletoFigures,
  type AdvanceTotals,
  type AdvanceSimulation,
} from './simulate-advance.js';
export { sameAdvanceFigures, advanceFigureDifferences } from './same-figures.js';
