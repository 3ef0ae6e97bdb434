import { describe, expect, it } from 'vitest';
import { BbFormatError } from './bb-error.js';
import { parseBbBaixaOperacional } from './bb-webhook.js';
import { bbSample } from './samples.test-helper.js';

describe('parseBbBaixaOperacional', () => {
  it('reads the documented sample: a Pix payment at BB', () => {
    const [p] = parseBbBaixaOperacional(bbSample('webhook-baixa-operacional'));
    expect(p).toMatchObject({
      id: '00031285570000104055',
      numeroConvenio: '3128557',
      codigoEstado: 1,
      evento: 'PAGAMENTO',
      dataRegistro: '2025-06-11',
      dataVencimento: '2025-06-11',
      valorOriginalCents: 100000,
      valorPagoCents: 100000,
      numeroOperacao: '10055680',
      dataLiquidacao: '2025-06-12',
      horaLiquidacao: '16:29:30',
      instituicaoLiquidacao: '001',
      codigoCanal: 4,
      canal: 'PIX',
      tipoPessoaPortador: 2,
      identidadePortador: '98959112000179',
      nomePortador: 'CINE VENTURA DE PADUA',
      formaPagamento: 2,
    });
  });

  it('reads a cancellation (10) and several payments in one body', () => {
    const sample = (bbSample('webhook-baixa-operacional') as Record<string, unknown>[])[0];
    const body = [sample, { ...sample, codigoEstadoBaixaOperacional: 10, valorPagoSacado: 102.3 }];
    const payments = parseBbBaixaOperacional(JSON.parse(JSON.stringify(body)));
    expect(payments.map((p) => p.evento)).toEqual(['PAGAMENTO', 'CANCELAMENTO']);
    expect(payments[1]?.valorPagoCents).toBe(10230);
  });

  it('throws a typed error on a malformed body', () => {
    const sample = (bbSample('webhook-baixa-operacional') as Record<string, unknown>[])[0];
    const bad = [{}, 'x', { ...sample, id: '123' }, { ...sample, codigoEstadoBaixaOperacional: 3 }, { ...sample, valorPagoSacado: undefined }, { ...sample, dataLiquidacao: '2025-06-12' }];
    expect(() => parseBbBaixaOperacional({ id: '1' })).toThrow(BbFormatError);
    for (const item of bad) {
      try {
        parseBbBaixaOperacional([item]);
        expect.unreachable(JSON.stringify(item));
      } catch (e) {
        expect(e).toBeInstanceOf(BbFormatError);
        expect((e as BbFormatError).code).toBe('WEBHOOK_INVALIDO');
      }
    }
  });
});
