import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caixaEstado } from './caixa-codes.js';
import { CaixaFormatError } from './caixa-error.js';
import { isCaixaNossoNumeroJaIncluido, isCaixaTituloNaoEncontrado, parseCaixaErros } from './caixa-erros.js';
import { parseCaixaJson } from './caixa-json.js';
import { parseCaixaConsulta, parseCaixaRegistroResposta, parseCaixaToken } from './caixa-respostas.js';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

describe('parseCaixaRegistroResposta', () => {
  it("reads the manual's example answer (MO 38.431, p. 39) from its text", () => {
    expect(parseCaixaRegistroResposta(sample('inclui-boleto-resposta-manual.json'))).toEqual({
      nossoNumero: '14000000137150303',
      codigoBarras: '10499918200000001001100000000100041371503030',
      linhaDigitavel: '10491100080000010004013715030303991820000000100',
      url: 'https://boletoonline.caixa.gov.br/ecobranca/SIGCB/imprimir/1100000/14000000137150303',
      pix: null,
    });
  });

  it('refuses a body whose nosso número JSON.parse already rounded', () => {
    expect(() => parseCaixaRegistroResposta(JSON.parse(sample('inclui-boleto-resposta-manual.json')))).toThrow(/perdeu dígitos/);
  });

  it('accepts a body parsed by parseCaixaJson, and a formatted linha digitável', () => {
    const body = parseCaixaJson(sample('inclui-boleto-resposta-manual.json')) as { dados_complementares: Record<string, unknown> };
    body.dados_complementares.linha_digitavel = '10491.10008 00000.100040 13715.030303 9 91820000000100';
    expect(parseCaixaRegistroResposta(body).linhaDigitavel).toBe('10491100080000010004013715030303991820000000100');
  });

  it('reads the Pix of a boleto híbrido', () => {
    const body = parseCaixaJson(sample('inclui-boleto-resposta-manual.json')) as { dados_complementares: Record<string, unknown> };
    body.dados_complementares.qrcode = '00020101021226...6304ABCD';
    body.dados_complementares.url_qrcode = 'https://boletoonline.caixa.gov.br/qr/1';
    expect(parseCaixaRegistroResposta(body).pix).toEqual({ emv: '00020101021226...6304ABCD', url: 'https://boletoonline.caixa.gov.br/qr/1' });
  });

  it.each([
    ['no dados_complementares', '{}'],
    ['barcode and linha of different boletos', sample('inclui-boleto-resposta-manual.json').replace('1371503030"', '1371503031"')],
    ['no nosso número', sample('inclui-boleto-resposta-manual.json').replace('"nosso_numero": 14000000137150303', '"nosso_numero": null')],
    ['not JSON', '<html>Bad Gateway</html>'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseCaixaRegistroResposta(text)).toThrow(CaixaFormatError);
  });
});

describe('parseCaixaConsulta', () => {
  it('reads a liquidated title: estado, amounts in centavos, payment date and time', () => {
    expect(parseCaixaConsulta(sample('consulta-boleto-liquidado-modelado.json'))).toMatchObject({
      nossoNumero: '14000000137150303',
      situacao: 'LIQUIDADO',
      estado: 'LIQUIDADO',
      numeroDocumento: '12345678901',
      seuNumero: '21-3/1',
      dataEmissao: '2022-10-13',
      dataVencimento: '2022-11-27',
      valorCents: 100,
      valorAbatimentoCents: 0,
      valorPagoCents: 100,
      dataPagamento: '2022-11-25',
      dataHoraPagamento: '2022-11-25T14:32:07',
      tipoBoleto: 'PADRAO',
    });
  });

  it('an open title has no payment, even when Caixa writes valor_pago 0', () => {
    const body = parseCaixaJson(sample('consulta-boleto-liquidado-modelado.json')) as { dados_cadastrais: Record<string, unknown> };
    Object.assign(body.dados_cadastrais, { situacao: 'EM ABERTO', valor_pago: 0, data_hora_pagamento: undefined });
    expect(parseCaixaConsulta(body)).toMatchObject({ estado: 'REGISTRADO', valorPagoCents: null, dataPagamento: null });
  });

  it('a title without barcode in the answer (left the portfolio) still reads, with them null', () => {
    const body = parseCaixaJson(sample('consulta-boleto-liquidado-modelado.json')) as Record<string, Record<string, unknown>>;
    body.dados_complementares = { nosso_numero: body.dados_complementares.nosso_numero };
    body.dados_cadastrais.situacao = 'BAIXA POR DEVOLUCAO';
    expect(parseCaixaConsulta(body)).toMatchObject({ nossoNumero: '14000000137150303', codigoBarras: null, linhaDigitavel: null, estado: 'BAIXADO' });
    delete body.dados_complementares;
    expect(parseCaixaConsulta(body).nossoNumero).toBe('14000000137150303');
  });

  it('refuses two different nossos números in one answer', () => {
    const text = sample('consulta-boleto-liquidado-modelado.json').replace('"nosso_numero": 14000000137150303,', '"nosso_numero": 14000000137150304,');
    expect(() => parseCaixaConsulta(text)).toThrow(/dois nossos números/);
  });

  it('maps every situação of NE040, and nothing unknown is guessed', () => {
    expect(caixaEstado('EM ABERTO')).toBe('REGISTRADO');
    expect(caixaEstado('LIQUIDADO')).toBe('LIQUIDADO');
    expect(caixaEstado('LIQUIDADO NO CARTORIO')).toBe('LIQUIDADO');
    expect(caixaEstado('TITULO JA PAGO NO DIA')).toBe('LIQUIDADO');
    expect(caixaEstado('BAIXA POR DEVOLUCAO')).toBe('BAIXADO');
    expect(caixaEstado('Baixado por devolução')).toBe('BAIXADO');
    expect(caixaEstado('BAIXA POR ESTORNO')).toBe('BAIXADO');
    expect(caixaEstado('BAIXA POR PROTESTO')).toBe('BAIXADO');
    expect(caixaEstado('ENVIADO AO CARTORIO')).toBe('EM_CARTORIO');
    expect(caixaEstado('SUSTADO CARTORIO')).toBe('EM_CARTORIO');
    expect(caixaEstado('SOMENTE PARA PROTESTO')).toBe('EM_CARTORIO');
    expect(caixaEstado('PAGO?')).toBe('DESCONHECIDO');
    expect(caixaEstado(null)).toBe('DESCONHECIDO');
  });
});

describe('parseCaixaErros (never throws) and isCaixaNossoNumeroJaIncluido', () => {
  it("reads the manual's BK076 integration error", () => {
    expect(parseCaixaErros(400, sample('erro-bk076-manual.json'))).toEqual([
      { codigo: 'BK076', mensagem: '(BK76) ERRO NA FORMATACAO DA MENSAGEM.' },
    ]);
  });

  it('reads business errors and recognises "nosso número já cadastrado" by code or by sentence', () => {
    const erros = parseCaixaErros(400, sample('erro-nosso-numero-ja-cadastrado-modelado.json'));
    expect(erros).toEqual([{ codigo: '0038', mensagem: '(38) NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO' }]);
    expect(isCaixaNossoNumeroJaIncluido(erros)).toBe(true);
    expect(isCaixaNossoNumeroJaIncluido([{ codigo: '38', mensagem: '' }])).toBe(true);
    expect(isCaixaNossoNumeroJaIncluido([{ codigo: 'X', mensagem: 'Nosso número já incluído' }])).toBe(true);
    expect(isCaixaNossoNumeroJaIncluido([{ codigo: '0002', mensagem: 'NOSSO NUMERO INVALIDO' }])).toBe(false);
    expect(isCaixaNossoNumeroJaIncluido([{ codigo: '0380', mensagem: 'OUTRO' }])).toBe(false);
  });

  it('recognises "título não encontrado"', () => {
    expect(isCaixaTituloNaoEncontrado([{ codigo: '0051', mensagem: 'TITULO NAO ENCONTRADO' }])).toBe(true);
    expect(isCaixaTituloNaoEncontrado([{ codigo: '?', mensagem: 'Título não encontrado' }])).toBe(true);
    expect(isCaixaTituloNaoEncontrado([{ codigo: '0038', mensagem: 'NOSSO NUMERO JA CADASTRADO' }])).toBe(false);
  });

  it('reads the SSO OAuth error', () => {
    expect(parseCaixaErros(401, sample('token-erro-credenciais.json'))).toEqual([
      { codigo: 'unauthorized_client', mensagem: 'INVALID_CREDENTIALS: Invalid client credentials' },
    ]);
  });

  it.each([
    [502, '<html>Bad Gateway</html>', 'Resposta inesperada da Caixa (HTTP 502): <html>Bad Gateway</html>'],
    [503, '', 'Resposta inesperada da Caixa (HTTP 503).'],
    [500, null, 'Resposta inesperada da Caixa (HTTP 500).'],
    [500, [1, 2], 'Resposta inesperada da Caixa (HTTP 500).'],
    [429, { foo: 1 }, 'Resposta inesperada da Caixa (HTTP 429).'],
  ])('anything else (%i) is one generic entry', (status, body, mensagem) => {
    expect(parseCaixaErros(status, body)).toEqual([{ codigo: `HTTP_${status}`, mensagem }]);
  });
});

describe('parseCaixaToken', () => {
  it('reads the access token and its lifetime', () => {
    expect(parseCaixaToken(sample('token-resposta-modelado.json'))).toEqual({
      accessToken: 'eyJhbGciOiJSUzI1NiIsInR5cCIgOiAiSldUIn0.e30.c2lnbmF0dXJl',
      tokenType: 'Bearer',
      expiresInSeconds: 900,
    });
  });

  it('refuses an answer without a token or lifetime', () => {
    expect(() => parseCaixaToken('{"expires_in":900}')).toThrow(CaixaFormatError);
    expect(() => parseCaixaToken('{"access_token":"x"}')).toThrow(CaixaFormatError);
  });
});
