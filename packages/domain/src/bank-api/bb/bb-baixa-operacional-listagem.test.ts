import { describe, expect, it } from 'vitest';
import { parseBbBaixaOperacionalListagem } from './bb-baixa-operacional-listagem.js';
import { BbFormatError } from './bb-error.js';
import { bbSample } from './samples.test-helper.js';

describe('parseBbBaixaOperacionalListagem', () => {
  it('reads the payments reported by the receiving banks', () => {
    const l = parseBbBaixaOperacionalListagem(bbSample('baixa-operacional-listagem'));
    expect(l.proximoTitulo).toBeNull();
    expect(l.pagamentos).toEqual([
      {
        id: '00031285570000104055',
        numeroConvenio: '3128557',
        carteira: 17,
        variacao: 35,
        codigoEstado: 1,
        evento: 'PAGAMENTO',
        modalidade: 1,
        dataRegistro: '2025-06-11',
        dataVencimento: '2025-06-11',
        valorOriginalCents: 100000,
        dataPagamento: '2025-06-12',
        horaPagamento: '16:29:30',
        instituicaoFinanceira: '001',
        codigoCanal: 4,
        canal: 'PIX',
        valorPagoCents: 100000,
      },
    ]);
  });

  it('gives the next page cursor and refuses a malformed item', () => {
    expect(parseBbBaixaOperacionalListagem({ possuiMaisTitulos: 'S', proximoTitulo: '651', lista: [] }).proximoTitulo).toBe('651');
    expect(() => parseBbBaixaOperacionalListagem({ lista: [{ carteira: 17 }] })).toThrow(BbFormatError);
    expect(() => parseBbBaixaOperacionalListagem({ lista: [{ titulo: { id: '00031285570000104055', estadoBaixaOperacional: 4 } }] })).toThrow(/estadoBaixaOperacional/);
  });
});
