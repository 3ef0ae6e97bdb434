/**
 * The banks whose collection API we speak (bank-api/bb, bank-api/caixa; the API's adapters in
 * apps/api/src/adapters/bank/choose-bank-adapter.ts are built for the same codes). A conta of one of
 * these may work by API instead of CNAB files (decision 113), so the bank is offered even before it
 * has a remessa writer. Adding a bank's API = its folder here, its adapter, and its code here.
 */
export const BANCOS_COM_API: readonly string[] = ['001', '104'];
