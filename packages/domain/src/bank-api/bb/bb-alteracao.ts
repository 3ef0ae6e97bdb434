import type { IsoDate } from '../../dates/calendar.js';
import { onlyDigits } from '../../documents/cpf-cnpj.js';
import { BbFormatError } from './bb-error.js';
import { bbDate, bbMoney } from './bb-values.js';

type SimNao = 'S' | 'N';

/**
 * Body of PATCH /cobrancas/v2/boletos/{id}. BB marks every indicador as required, each 'S' paired
 * with its alteracao… object; we change only the due date and the amount, so every other indicador
 * goes as 'N'.
 */
export type BbAlteracaoBody = {
  numeroConvenio: number;
  indicadorNovaDataVencimento: SimNao;
  alteracaoData?: { novaDataVencimento: string };
  indicadorNovoValorNominal: SimNao;
  alteracaoValor?: { novoValorNominal: number };
  indicadorAtribuirDesconto: 'N';
  indicadorAlterarDesconto: 'N';
  indicadorAlterarDataDesconto: 'N';
  indicadorProtestar: 'N';
  indicadorSustacaoProtesto: 'N';
  indicadorCancelarProtesto: 'N';
  indicadorIncluirAbatimento: 'N';
  indicadorAlterarAbatimento: 'N';
  indicadorCobrarJuros: 'N';
  indicadorDispensarJuros: 'N';
  indicadorCobrarMulta: 'N';
  indicadorDispensarMulta: 'N';
  indicadorNegativar: 'N';
  indicadorAlterarSeuNumero: 'N';
  indicadorAlterarEnderecoPagador: 'N';
  indicadorAlterarPrazoBoletoVencido: 'N';
};

/** Body of POST /cobrancas/v2/boletos/{id}/baixar. */
export type BbBaixaBody = { numeroConvenio: number };

function convenioNumber(numeroConvenio: string): number {
  const digits = onlyDigits(numeroConvenio);
  if (digits === '' || digits.length > 7) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'Convênio BB deve ter de 1 a 7 dígitos.', 'numeroConvenio');
  }
  return Number(digits);
}

export function buildBbAlteracaoBody(numeroConvenio: string, c: { vencimento?: IsoDate; valorCents?: number }): BbAlteracaoBody {
  if (c.vencimento === undefined && c.valorCents === undefined) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'Informe o novo vencimento ou o novo valor.', 'alteracao');
  }
  if (c.valorCents !== undefined && (!Number.isSafeInteger(c.valorCents) || c.valorCents <= 0)) {
    throw new BbFormatError('ENTRADA_INVALIDA', 'O novo valor deve ser maior que zero.', 'valorCents');
  }
  const body: BbAlteracaoBody = {
    numeroConvenio: convenioNumber(numeroConvenio),
    indicadorNovaDataVencimento: c.vencimento !== undefined ? 'S' : 'N',
    indicadorNovoValorNominal: c.valorCents !== undefined ? 'S' : 'N',
    indicadorAtribuirDesconto: 'N',
    indicadorAlterarDesconto: 'N',
    indicadorAlterarDataDesconto: 'N',
    indicadorProtestar: 'N',
    indicadorSustacaoProtesto: 'N',
    indicadorCancelarProtesto: 'N',
    indicadorIncluirAbatimento: 'N',
    indicadorAlterarAbatimento: 'N',
    indicadorCobrarJuros: 'N',
    indicadorDispensarJuros: 'N',
    indicadorCobrarMulta: 'N',
    indicadorDispensarMulta: 'N',
    indicadorNegativar: 'N',
    indicadorAlterarSeuNumero: 'N',
    indicadorAlterarEnderecoPagador: 'N',
    indicadorAlterarPrazoBoletoVencido: 'N',
  };
  if (c.vencimento !== undefined) body.alteracaoData = { novaDataVencimento: bbDate(c.vencimento) };
  if (c.valorCents !== undefined) body.alteracaoValor = { novoValorNominal: bbMoney(c.valorCents) };
  return body;
}

export function buildBbBaixaBody(numeroConvenio: string): BbBaixaBody {
  return { numeroConvenio: convenioNumber(numeroConvenio) };
}
