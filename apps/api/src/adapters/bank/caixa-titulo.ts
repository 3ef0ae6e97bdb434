import type { CaixaConsulta, CaixaEstado, CaixaTituloInput } from '@bg/domain';
import type { BankSettlement, BankTitulo, BankTituloEstado, BankTituloState } from './bank-adapter.js';

/**
 * The port's terms ↔ Caixa's (docs/banks.md "## Caixa"): our title as the domain's Caixa body
 * builders take it, and a consulta as the port's title state. Pure: the adapter does the HTTP.
 */

/** What the title alone does not say: the conta's código do beneficiário and its CPF/CNPJ. */
export type CaixaBeneficiario = { codigo: string; documento: string };

export function caixaTituloInput(t: BankTitulo, beneficiario: CaixaBeneficiario): CaixaTituloInput {
  const { telefone: _semTelefone, ...pagador } = t.pagador; // Caixa's pagador has no phone
  return {
    codigoBeneficiario: beneficiario.codigo,
    beneficiarioDocumento: beneficiario.documento,
    nossoNumero: t.sequencial,
    dataEmissao: t.dataEmissao,
    dataVencimento: t.vencimento,
    valorCents: t.valorCents,
    seuNumero: t.seuNumero,
    pagador,
    multaBps: t.multaBps,
    pix: t.pix,
  };
}

const ESTADO: Record<CaixaEstado, BankTituloEstado> = {
  REGISTRADO: 'REGISTRADO',
  LIQUIDADO: 'LIQUIDADO',
  BAIXADO: 'BAIXADO',
  // in a cartório or a situação we do not know: shown with Caixa's words, never guessed
  EM_CARTORIO: 'OUTRO',
  DESCONHECIDO: 'OUTRO',
};

/**
 * A consulta as the port's state. Caixa's consulta has no registration date, no credit date, no
 * fee, no channel and no payment id (docs/banks.md: they come with the CNAB retorno), so those are
 * null/0 — never invented. What was paid above the title's value is its encargos (multa + juros:
 * the consulta does not split them), what was paid below is a discount.
 */
export function caixaTituloState(c: CaixaConsulta): BankTituloState {
  return {
    numeroBanco: c.nossoNumero,
    estado: ESTADO[c.estado],
    estadoBanco: c.situacao ?? 'SEM SITUAÇÃO',
    registradoEm: null,
    linhaDigitavel: c.linhaDigitavel,
    codigoBarras: c.codigoBarras,
    pagamento: c.estado === 'LIQUIDADO' && c.dataPagamento !== null ? settlementOf(c, c.dataPagamento) : null,
  };
}

function settlementOf(c: CaixaConsulta, dataPagamento: BankSettlement['dataPagamento']): BankSettlement {
  const pago = c.valorPagoCents ?? c.valorCents;
  return {
    numeroBanco: c.nossoNumero,
    dataPagamento,
    dataCredito: null,
    valorPagoCents: pago,
    valorTituloCents: c.valorCents,
    tarifaCents: 0,
    jurosCents: Math.max(0, pago - c.valorCents),
    descontoCents: Math.max(0, c.valorCents - pago),
    canal: null,
    idPagamento: null,
  };
}
