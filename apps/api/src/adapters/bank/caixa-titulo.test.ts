import { describe, expect, it } from 'vitest';
import { buildCaixaRegistroBody, parseCaixaConsulta, type CaixaConsulta } from '@bg/domain';
import type { BankTitulo } from './bank-adapter.js';
import { caixaErrorKind } from './caixa-api-adapter.js';
import { caixaTituloInput, caixaTituloState } from './caixa-titulo.js';

const TITULO: BankTitulo = {
  sequencial: 42,
  seuNumero: '21-3/1',
  dataEmissao: '2026-11-27',
  vencimento: '2026-12-27',
  valorCents: 15_000,
  pagador: { documento: '529.982.247-25', nome: 'Maria', endereco: 'Rua A, 1', cep: '01310-100', cidade: 'São Paulo', bairro: 'Centro', uf: 'SP', telefone: '11999998888' },
  multaBps: 200,
  pix: true,
};

const consulta = (change: Partial<CaixaConsulta>): CaixaConsulta => ({
  nossoNumero: '14000000000000042',
  codigoBarras: null,
  linhaDigitavel: null,
  url: null,
  pix: null,
  situacao: 'EM ABERTO',
  estado: 'REGISTRADO',
  numeroDocumento: '21-3/1',
  seuNumero: '21-3/1',
  dataEmissao: '2026-11-27',
  dataVencimento: '2026-12-27',
  valorCents: 15_000,
  valorAbatimentoCents: 0,
  valorPagoCents: null,
  dataPagamento: null,
  dataHoraPagamento: null,
  tipoBoleto: 'PADRAO',
  ...change,
});

describe('caixaTituloInput', () => {
  it('is the port title with the conta\'s beneficiário, without the phone Caixa has no field for', () => {
    const input = caixaTituloInput(TITULO, { codigo: '1100000', documento: '00360305000104' });
    expect(input).toMatchObject({ codigoBeneficiario: '1100000', beneficiarioDocumento: '00360305000104', nossoNumero: 42, dataVencimento: '2026-12-27', pix: true });
    expect(input.pagador).not.toHaveProperty('telefone');
    // and the domain builds Caixa's body from it
    expect(buildCaixaRegistroBody(input).dados_cadastrais).toMatchObject({ nosso_numero: 14000000000000042n, cnpj: 360305000104, tipo_boleto: 'HIBRIDO' });
  });
});

describe('caixaTituloState', () => {
  it('an open title: REGISTRADO with Caixa\'s words, no registration date (the consulta has none), no payment', () => {
    expect(caixaTituloState(consulta({}))).toEqual({
      numeroBanco: '14000000000000042',
      estado: 'REGISTRADO',
      estadoBanco: 'EM ABERTO',
      registradoEm: null,
      linhaDigitavel: null,
      codigoBarras: null,
      pagamento: null,
    });
  });

  it('a paid title: what was paid above the value is encargos, below it a discount; no fee, channel or id (the retorno brings them)', () => {
    const late = caixaTituloState(consulta({ situacao: 'LIQUIDADO', estado: 'LIQUIDADO', valorPagoCents: 15_379, dataPagamento: '2026-12-29', dataHoraPagamento: '2026-12-29T10:15:00' }));
    expect(late.pagamento).toEqual({
      numeroBanco: '14000000000000042',
      dataPagamento: '2026-12-29',
      dataCredito: null,
      valorPagoCents: 15_379,
      valorTituloCents: 15_000,
      tarifaCents: 0,
      jurosCents: 379,
      descontoCents: 0,
      canal: null,
      idPagamento: null,
    });
    const early = caixaTituloState(consulta({ situacao: 'LIQUIDADO', estado: 'LIQUIDADO', valorPagoCents: 14_500, dataPagamento: '2026-12-20' }));
    expect(early.pagamento).toMatchObject({ valorPagoCents: 14_500, jurosCents: 0, descontoCents: 500 });
    // liquidated without a payment date: the state, never an invented payment
    expect(caixaTituloState(consulta({ situacao: 'LIQUIDADO', estado: 'LIQUIDADO' })).pagamento).toBeNull();
  });

  it('written off, in a cartório or unknown: BAIXADO, or OUTRO with Caixa\'s words', () => {
    expect(caixaTituloState(consulta({ situacao: 'BAIXA POR DEVOLUCAO', estado: 'BAIXADO' }))).toMatchObject({ estado: 'BAIXADO', estadoBanco: 'BAIXA POR DEVOLUCAO' });
    expect(caixaTituloState(consulta({ situacao: 'ENVIADO AO CARTORIO', estado: 'EM_CARTORIO' }))).toMatchObject({ estado: 'OUTRO', estadoBanco: 'ENVIADO AO CARTORIO' });
    expect(caixaTituloState(consulta({ situacao: null, estado: 'DESCONHECIDO' }))).toMatchObject({ estado: 'OUTRO', estadoBanco: 'SEM SITUAÇÃO' });
  });

  it('reads the domain\'s consulta of the manual\'s sample title', () => {
    const text = '{"dados_cadastrais":{"nosso_numero":14000000137150303,"data_vencimento":"2025-02-08","valor":1.00,"situacao":"LIQUIDADO","valor_pago":1.00,"data_hora_pagamento":"2025-02-07-16.20.31"}}';
    expect(caixaTituloState(parseCaixaConsulta(text))).toMatchObject({ numeroBanco: '14000000137150303', estado: 'LIQUIDADO', pagamento: { dataPagamento: '2025-02-07', valorPagoCents: 100 } });
  });
});

describe('caixaErrorKind', () => {
  const e = (codigo: string, mensagem = '') => [{ codigo, mensagem }];
  it('maps Caixa\'s answers to the port\'s kinds', () => {
    expect(caixaErrorKind(400, 'registrar', e('0038', '(38) NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO'))).toBe('JA_INCLUIDO');
    // the same code outside a registration is a refusal, never a silent adoption
    expect(caixaErrorKind(400, 'alterar', e('0038'))).toBe('REJEITADO');
    expect(caixaErrorKind(404, 'consultar', e('0051', '(51) TITULO NAO ENCONTRADO'))).toBe('NAO_ENCONTRADO');
    // Caixa's 404 also means "beneficiário não encontrado": a conta to fix, not a missing title
    expect(caixaErrorKind(404, 'consultar', e('0035', 'BENEFICIARIO INFORMADO NAO CADASTRADO'))).toBe('REJEITADO');
    expect(caixaErrorKind(429, 'registrar', e('429'))).toBe('AGUARDAR');
    expect(caixaErrorKind(429, 'token', e('too_many_requests'))).toBe('AGUARDAR');
    expect(caixaErrorKind(500, 'registrar', e('BK01'))).toBe('INDISPONIVEL');
    expect(caixaErrorKind(503, 'consultar', e('HTTP_503'))).toBe('INDISPONIVEL');
    expect(caixaErrorKind(400, 'registrar', e('BK78', 'TEMPO EXCEDIDO NA REQUISICAO DO SERVICO'))).toBe('INDISPONIVEL');
    expect(caixaErrorKind(401, 'consultar', e('RA01'))).toBe('CREDENCIAIS');
    expect(caixaErrorKind(403, 'consultar', e('RA03'))).toBe('CREDENCIAIS');
    expect(caixaErrorKind(400, 'token', e('unsupported_grant_type'))).toBe('CREDENCIAIS');
    expect(caixaErrorKind(400, 'registrar', e('BK076'))).toBe('REJEITADO');
    expect(caixaErrorKind(400, 'registrar', e('0018'))).toBe('REJEITADO');
  });
});
