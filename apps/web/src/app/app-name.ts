/** The product's name, in every page title. */
export const APP_NAME = 'Boleto Garantido';
