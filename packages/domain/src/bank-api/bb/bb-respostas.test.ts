import { describe, expect, it } from 'vitest';
import { BbFormatError } from './bb-error.js';
import { parseBbDetalhe, parseBbListagem, parseBbRegistroResposta } from './bb-respostas.js';
import { bbSample } from './samples.test-helper.js';

describe('parseBbRegistroResposta', () => {
  it('reads numero, the lines and the Pix QR of the sample', () => {
    const r = parseBbRegistroResposta(bbSample('registro-resposta'));
    expect(r.numero).toBe('00031285570000000001');
    expect(r.linhaDigitavel).toHaveLength(47);
    expect(r.codigoBarraNumerico).toBe('00191165600000100000000003128557000000000117');
    expect(r.qrCode?.emv).toMatch(/^000201/);
    expect(r.qrCode?.txId).toBe('BOLETO00031285570000000001');
  });

  it('gives no QR when BB answers it empty (indicadorPix N)', () => {
    expect(parseBbRegistroResposta(bbSample('registro-resposta-sem-pix')).qrCode).toBeNull();
  });

  it('throws a typed error when the answer lacks what we print', () => {
    expect(() => parseBbRegistroResposta({ numero: '00031285570000000001' })).toThrow(BbFormatError);
    const sample = bbSample('registro-resposta') as Record<string, unknown>;
    expect(() => parseBbRegistroResposta({ ...sample, numero: 3128557000000 })).toThrow(/20 dígitos/);
    expect(() => parseBbRegistroResposta('ok')).toThrow(BbFormatError);
  });
});

describe('parseBbDetalhe', () => {
  it('reads the state, dates and amounts in cents of a paid boleto', () => {
    const d = parseBbDetalhe(bbSample('detalhe-liquidado'));
    expect(d).toMatchObject({
      codigoEstado: 6,
      estado: 'LIQUIDADO',
      dataRegistro: '2026-11-27',
      dataVencimento: '2026-12-10',
      dataRecebimento: '2026-12-11',
      dataCredito: '2026-12-14',
      valorOriginalCents: 10000,
      valorPagoCents: 10230,
      valorJurosRecebidoCents: 30,
      valorMultaRecebidoCents: 200,
      valorCreditoCents: 10060,
      codigoCanalPagamento: 261,
      canal: 'PIX',
      seuNumero: '21-3-1',
    });
  });

  it('reads an open boleto and refuses one without a state', () => {
    expect(parseBbDetalhe({ codigoEstadoTituloCobranca: 1, dataRegistroTituloCobranca: '27.11.2026' })).toMatchObject({ estado: 'REGISTRADO', valorPagoCents: null, canal: null });
    expect(parseBbDetalhe({ codigoEstadoTituloCobranca: 7 }).estado).toBe('BAIXADO');
    expect(parseBbDetalhe({ codigoEstadoTituloCobranca: 99 }).estado).toBe('DESCONHECIDO');
    expect(() => parseBbDetalhe({ dataRegistroTituloCobranca: '27.11.2026' })).toThrow(/codigoEstadoTituloCobranca/);
    expect(() => parseBbDetalhe({ codigoEstadoTituloCobranca: 6, valorPagoSacado: 'dez' })).toThrow(/valorPagoSacado/);
  });
});

describe('parseBbListagem', () => {
  it('reads the page and the next index when BB says there is more', () => {
    const l = parseBbListagem(bbSample('listagem'));
    expect(l.proximoIndice).toBe(300);
    expect(l.boletos).toHaveLength(2);
    expect(l.boletos[0]).toMatchObject({ numero: '00031285570000000001', estado: 'LIQUIDADO', valorPagoCents: 10230, dataCredito: '2026-12-14' });
    expect(l.boletos[1]).toMatchObject({ estado: 'REGISTRADO', valorOriginalCents: 30, dataCredito: null });
  });

  it('has no next index on the last page', () => {
    expect(parseBbListagem({ indicadorContinuidade: 'N', quantidadeRegistros: 0, proximoIndice: 0, boletos: [] })).toEqual({ boletos: [], proximoIndice: null, quantidadeRegistros: 0 });
  });
});
