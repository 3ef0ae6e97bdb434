import { describe, expect, it } from 'vitest';
import { BbFormatError } from './bb-error.js';
import { buildBbRegistroBody, type BbTituloInput } from './bb-registro.js';
import { bbRegistroBodySchema } from './bb-schemas.js';
import { bbSample } from './samples.test-helper.js';

const titulo: BbTituloInput = {
  numeroConvenio: '3128557',
  numeroCarteira: '17',
  numeroVariacaoCarteira: '35',
  sequencial: 1,
  dataEmissao: '2026-11-27',
  dataVencimento: '2026-12-10',
  valorCents: 10000,
  seuNumero: '21-3/1',
  pagador: {
    documento: '98.959.112/0001-79',
    nome: 'LIVRARIA CUNHA DA CUNHA',
    endereco: 'RUA SEM NOME, 1',
    cep: '70675-727',
    cidade: 'BRASILIA',
    bairro: 'SIA',
    uf: 'df',
    telefone: '(61) 99999-9999',
  },
  multaBps: 200,
  pix: true,
};

describe('buildBbRegistroBody', () => {
  it('builds the documented body (the sample request) and the schema accepts it', () => {
    const body = buildBbRegistroBody(titulo);
    expect(body).toEqual(bbSample('registro-requisicao'));
    expect(bbRegistroBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends dates as dd.mm.aaaa, money in reais and the 20-digit numero', () => {
    const body = buildBbRegistroBody({ ...titulo, valorCents: 123456, sequencial: 104055 });
    expect(body.dataEmissao).toBe('27.11.2026');
    expect(body.dataVencimento).toBe('10.12.2026');
    expect(body.valorOriginal).toBe(1234.56);
    expect(body.numeroTituloCliente).toBe('00031285570000104055');
    expect(JSON.stringify(body)).toContain('"valorOriginal":1234.56');
  });

  it('converts 0,33 % a day into 9.90 % a month (tipo 2, exact) and the 2 % multa from the next day', () => {
    const body = buildBbRegistroBody(titulo);
    expect(body.jurosMora).toEqual({ tipo: 2, porcentagem: 9.9 });
    expect(body.multa).toEqual({ tipo: 2, data: '11.12.2026', porcentagem: 2 });
    expect(buildBbRegistroBody({ ...titulo, jurosDiaMilesimos: 333, multaBps: 250 }).jurosMora).toEqual({ tipo: 2, porcentagem: 9.99 });
    expect(buildBbRegistroBody({ ...titulo, multaBps: 250 }).multa).toMatchObject({ porcentagem: 2.5 });
    const none = buildBbRegistroBody({ ...titulo, jurosDiaMilesimos: 0, multaBps: 0 });
    expect(none.jurosMora).toEqual({ tipo: 0 });
    expect(none.multa).toEqual({ tipo: 0 });
    // The multa date rolls over the month and the year.
    expect(buildBbRegistroBody({ ...titulo, dataVencimento: '2026-12-31' }).multa).toMatchObject({ data: '01.01.2027' });
  });

  it('tells CPF from CNPJ and sends both as integers, as BB types them', () => {
    const cnpj = buildBbRegistroBody(titulo).pagador;
    expect(cnpj).toMatchObject({ tipoInscricao: 2, numeroInscricao: 98959112000179, cep: 70675727, uf: 'DF', telefone: '61999999999' });
    const cpf = buildBbRegistroBody({ ...titulo, pagador: { ...titulo.pagador, documento: '960.501.768-76' } }).pagador;
    expect(cpf).toMatchObject({ tipoInscricao: 1, numeroInscricao: 96050176876 });
    const leadingZero = buildBbRegistroBody({ ...titulo, pagador: { ...titulo.pagador, documento: '01234567890', cep: '01310-100' } }).pagador;
    expect(leadingZero).toMatchObject({ tipoInscricao: 1, numeroInscricao: 1234567890, cep: 1310100 });
    expect(() => buildBbRegistroBody({ ...titulo, pagador: { ...titulo.pagador, documento: '123' } })).toThrow(BbFormatError);
  });

  it('cuts long names and addresses to BB lengths, so the schema still accepts the body', () => {
    const long = buildBbRegistroBody({
      ...titulo,
      seuNumero: 'PROTOCOLO-MUITO-LONGO/12',
      pagador: { ...titulo.pagador, nome: 'N'.repeat(80), endereco: 'E'.repeat(80), bairro: 'B'.repeat(40), cidade: 'C'.repeat(40), telefone: null },
    });
    expect(long.pagador.nome).toHaveLength(60);
    expect(long.pagador.endereco).toHaveLength(60);
    expect(long.pagador.bairro).toHaveLength(30);
    expect(long.pagador.cidade).toHaveLength(30);
    expect(long.pagador.telefone).toBeUndefined();
    expect(long.numeroTituloBeneficiario).toHaveLength(15);
    expect(bbRegistroBodySchema.safeParse(long).success).toBe(true);
  });

  it('asks for Pix only when told', () => {
    expect(buildBbRegistroBody({ ...titulo, pix: false }).indicadorPix).toBe('N');
  });

  it('refuses what BB would refuse before any call', () => {
    expect(() => buildBbRegistroBody({ ...titulo, valorCents: 0 })).toThrow(BbFormatError);
    expect(() => buildBbRegistroBody({ ...titulo, dataVencimento: '2026-11-26' })).toThrow(/vencimento/);
    expect(() => buildBbRegistroBody({ ...titulo, pagador: { ...titulo.pagador, cep: '123' } })).toThrow(/CEP/);
    expect(() => buildBbRegistroBody({ ...titulo, sequencial: 12_345_678_901 })).toThrow(RangeError);
  });
});
