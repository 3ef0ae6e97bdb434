import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caixaPaths, buildCaixaTokenForm } from './caixa-api.js';
import { CaixaFormatError } from './caixa-error.js';
import { parseCaixaJson, stringifyCaixaJson } from './caixa-json.js';
import { buildCaixaAlteracaoBody, buildCaixaBaixaBody, buildCaixaRegistroBody, type CaixaTituloInput } from './caixa-registro.js';
import { caixaBaixaBodySchema, caixaErroDoCampo, caixaRegistroBodySchema } from './caixa-schemas.js';
import { caixaNossoNumero, caixaText, isCaixaNossoNumero, sequencialOfCaixaNossoNumero } from './caixa-values.js';
import { formatNossoNumero } from '../../boleto/nosso-numero.js';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

const titulo: CaixaTituloInput = {
  codigoBeneficiario: '1100000',
  beneficiarioDocumento: '00.360.305/0001-04',
  nossoNumero: 137150303,
  dataEmissao: '2026-11-27',
  dataVencimento: '2026-12-27',
  valorCents: 123_456,
  seuNumero: '21-3/1',
  pagador: {
    documento: '529.982.247-25',
    nome: 'João da Silva Conceição',
    endereco: 'Rua das Flores, 123 - Apto 4',
    cep: '01310-100',
    cidade: 'São Paulo',
    bairro: 'Bela Vista',
    uf: 'sp',
  },
  multaBps: 200,
  pix: false,
};

/** The body as it travels: written by stringifyCaixaJson, read back by parseCaixaJson. */
const overTheWire = (body: unknown) => parseCaixaJson(stringifyCaixaJson(body));

describe('caixaNossoNumero — "14" + 15 digits (SIGCB registrada, emitida pelo beneficiário)', () => {
  it('pads the sequence to the 17 digits the slip prints before its DV', () => {
    expect(caixaNossoNumero(1)).toBe('14000000000000001');
    expect(caixaNossoNumero('137150303')).toBe('14000000137150303');
    expect(caixaNossoNumero(999_999_999_999_999)).toBe('14999999999999999');
    expect(formatNossoNumero({ bank: '104', beneficiaryCode: '1100000', wallet: 'RG', ourNumber: 137150303 })).toBe(
      `${caixaNossoNumero(137150303)}-9`,
    );
  });

  it.each([0, -1, 1.5, 1_000_000_000_000_000, '12a'])('refuses %j', (s) => {
    expect(() => caixaNossoNumero(s)).toThrow(CaixaFormatError);
  });

  it('recognises ours and reads the sequence back', () => {
    expect(isCaixaNossoNumero('14000000137150303')).toBe(true);
    expect(isCaixaNossoNumero('24000000137150303')).toBe(false);
    expect(isCaixaNossoNumero('14000000000000000')).toBe(false);
    expect(sequencialOfCaixaNossoNumero('14000000137150303')).toBe(137150303);
  });
});

describe('buildCaixaRegistroBody — the Swagger v4 dados_cadastrais', () => {
  it('writes every field as Caixa documents it', () => {
    const body = buildCaixaRegistroBody(titulo);
    expect(body).toEqual({
      dados_cadastrais: {
        cnpj: 360305000104,
        nosso_numero: 14000000137150303n,
        numero_documento: '21-3/1',
        data_vencimento: '2026-12-27',
        valor: 1234.56,
        tipo_especie: 2,
        flag_aceite: 'N',
        data_emissao: '2026-11-27',
        juros_mora: { tipo: 'TAXA_MENSAL', data: '2026-12-28', percentual: 9.9 },
        valor_abatimento: 0,
        pos_vencimento: { acao: 'DEVOLVER', numero_dias: 120 },
        codigo_moeda: 9,
        pagador: {
          pessoa_fisica: { cpf: 52998224725, nome: 'Joao da Silva Conceicao' },
          endereco: { logradouro: 'Rua das Flores, 123 - Apto 4', bairro: 'Bela Vista', cidade: 'Sao Paulo', uf: 'SP', cep: 1310100 },
        },
        multa: { data: '2026-12-28', percentual: 2 },
        identificacao_empresa: '21-3/1',
        tipo_boleto: 'PADRAO',
      },
    });
    expect(stringifyCaixaJson(body)).toContain('"nosso_numero":14000000137150303,');
  });

  it('passes its own schema after a trip over the wire', () => {
    const parsed = caixaRegistroBodySchema.safeParse(overTheWire(buildCaixaRegistroBody(titulo)));
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.dados_cadastrais.nosso_numero).toBe('14000000137150303');
  });

  it('juros 0,33 % a.d. is exactly TAXA_MENSAL 9.9 (30 days); other rates keep their exactness; 0 is ISENTO', () => {
    expect(buildCaixaRegistroBody({ ...titulo, jurosDiaMilesimos: 330 }).dados_cadastrais.juros_mora).toEqual({
      tipo: 'TAXA_MENSAL',
      data: '2026-12-28',
      percentual: 9.9,
    });
    expect(buildCaixaRegistroBody({ ...titulo, jurosDiaMilesimos: 33 }).dados_cadastrais.juros_mora).toMatchObject({ percentual: 0.99 });
    expect(buildCaixaRegistroBody({ ...titulo, jurosDiaMilesimos: 0 }).dados_cadastrais.juros_mora).toEqual({ tipo: 'ISENTO' });
    expect(buildCaixaRegistroBody({ ...titulo, multaBps: 0 }).dados_cadastrais.multa).toBeUndefined();
    expect(buildCaixaRegistroBody({ ...titulo, multaBps: 250 }).dados_cadastrais.multa).toEqual({ data: '2026-12-28', percentual: 2.5 });
  });

  it('money goes from centavos to reais without float error', () => {
    expect(buildCaixaRegistroBody({ ...titulo, valorCents: 30 }).dados_cadastrais.valor).toBe(0.3);
    expect(buildCaixaRegistroBody({ ...titulo, valorCents: 10 + 20 }).dados_cadastrais.valor).toBe(0.3);
    expect(buildCaixaRegistroBody({ ...titulo, valorCents: 999_999_999_999_999 }).dados_cadastrais.valor).toBe(9_999_999_999_999.99);
  });

  it('a CNPJ payer is pessoa_juridica with razao_social; leading zeros are lost only in the integer', () => {
    const body = buildCaixaRegistroBody({ ...titulo, pagador: { ...titulo.pagador, documento: '11.222.333/0001-81', nome: 'Loja Ltda' } });
    expect(body.dados_cadastrais.pagador.pessoa_juridica).toEqual({ cnpj: 11222333000181, razao_social: 'Loja Ltda' });
    expect(body.dados_cadastrais.pagador.pessoa_fisica).toBeUndefined();
  });

  it('cuts text to the Swagger lengths and drops accents', () => {
    const body = buildCaixaRegistroBody({
      ...titulo,
      seuNumero: 'PROTOCOLO-MUITO-LONGO-0123456789',
      pagador: { ...titulo.pagador, nome: 'Á'.repeat(50), bairro: 'Jardim Paulistano Novo', cidade: 'São José dos Campos', endereco: 'x'.repeat(60) },
    }).dados_cadastrais;
    expect(body.pagador.pessoa_fisica?.nome).toBe('A'.repeat(40));
    expect(body.pagador.endereco.bairro).toBe('Jardim Paulista');
    expect(body.pagador.endereco.cidade).toBe('Sao Jose dos Ca');
    expect(body.pagador.endereco.logradouro).toHaveLength(40);
    expect(body.numero_documento).toBe('PROTOCOLO-M');
    expect(body.identificacao_empresa).toBe('PROTOCOLO-MUITO-LONGO-012');
    expect(caixaText('a\u0000b\tc\n  d', 10)).toBe('a b c d');
  });

  it('takes the sequence as a number or as the digits boleto.nosso_numero stores', () => {
    expect(buildCaixaRegistroBody({ ...titulo, nossoNumero: '000000137150303' }).dados_cadastrais.nosso_numero).toBe(14000000137150303n);
  });

  it('pix asks for the boleto híbrido', () => {
    expect(buildCaixaRegistroBody({ ...titulo, pix: true }).dados_cadastrais.tipo_boleto).toBe('HIBRIDO');
  });

  it.each([
    ['valorCents', { valorCents: 0 }],
    ['valorCents', { valorCents: 1.5 }],
    ['dataVencimento', { dataVencimento: '2026-11-26' }],
    ['dataVencimento', { dataVencimento: '2026-02-30' }],
    ['pagador.documento', { pagador: { ...titulo.pagador, documento: '123' } }],
    ['pagador.cep', { pagador: { ...titulo.pagador, cep: '0131' } }],
    ['pagador.uf', { pagador: { ...titulo.pagador, uf: 'São' } }],
    ['pagador.nome', { pagador: { ...titulo.pagador, nome: '   ' } }],
    ['beneficiarioDocumento', { beneficiarioDocumento: '12' }],
    ['seuNumero', { seuNumero: ' ' }],
    ['sequencial', { nossoNumero: '1e3' }],
    ['multaBps', { multaBps: -1 }],
    ['jurosDiaMilesimos', { jurosDiaMilesimos: 0.5 }],
  ] as const)('refuses bad input in %s', (field, change) => {
    expect(() => buildCaixaRegistroBody({ ...titulo, ...change } as CaixaTituloInput)).toThrow(
      expect.objectContaining({ code: 'ENTRADA_INVALIDA', field }),
    );
  });
});

describe('the schema (what the sandbox checks)', () => {
  const valid = () => overTheWire(buildCaixaRegistroBody(titulo)) as { dados_cadastrais: Record<string, unknown> };
  const issuesOf = (body: unknown) => caixaRegistroBodySchema.safeParse(body).error?.issues ?? [];

  it("accepts the manual's own example request (MO 38.431, p. 38)", () => {
    const parsed = caixaRegistroBodySchema.safeParse(parseCaixaJson(sample('inclui-boleto-requisicao-manual.json')));
    expect(parsed.error?.issues).toBeUndefined();
  });

  it.each([
    ['numero_documento longer than 11', { numero_documento: '123456789012' }, '0003'],
    ['no numero_documento', { numero_documento: undefined }, '0003'],
    ['valor with three decimals', { valor: 10.005 }, '0005'],
    ['valor zero', { valor: 0 }, '0005'],
    ['due date not a date', { data_vencimento: '27/12/2026' }, '0004'],
    ['due date before issue', { data_vencimento: '2026-11-01' }, '0004'],
    ['nosso número of 16 digits', { nosso_numero: 1400000013715030 }, '0002'],
    ['nosso número not ours', { nosso_numero: 24000000137150303n }, '0002'],
    ['flag_aceite outside S/N', { flag_aceite: 'A' }, '0099'],
    ['no beneficiary document', { cnpj: undefined }, '0001'],
  ])('refuses %s, with the code Caixa answers', (_what, change, codigo) => {
    const body = valid();
    Object.assign(body.dados_cadastrais, change);
    const issues = issuesOf(body);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((i) => caixaErroDoCampo(i.path).codigo)).toContain(codigo);
  });

  it('payer rules: one of pessoa_fisica / pessoa_juridica, valid CPF, name ≤ 40, CEP and city present', () => {
    const pagador = () => (valid().dados_cadastrais.pagador as Record<string, Record<string, unknown>>);
    const withPagador = (p: unknown) => ({ dados_cadastrais: { ...valid().dados_cadastrais, pagador: p } });
    const codes = (body: unknown) => issuesOf(body).map((i) => caixaErroDoCampo(i.path).codigo);

    const both = pagador();
    both.pessoa_juridica = { cnpj: 11222333000181, razao_social: 'X' };
    expect(codes(withPagador(both))).toContain('0017');

    const badCpf = pagador();
    badCpf.pessoa_fisica.cpf = 52998224724;
    expect(codes(withPagador(badCpf))).toContain('0018');

    const longName = pagador();
    longName.pessoa_fisica.nome = 'N'.repeat(41);
    expect(codes(withPagador(longName))).toContain('0022');

    const noCep = pagador();
    delete noCep.endereco.cep;
    expect(codes(withPagador(noCep))).toContain('0025');

    const noCity = pagador();
    noCity.endereco.cidade = '';
    expect(codes(withPagador(noCity))).toContain('0026');

    expect(codes({ dados_cadastrais: { ...valid().dados_cadastrais, pagador: undefined } })).toContain('0017');
  });

  it('juros and multa are dated after the due date; TAXA_MENSAL needs its percentual', () => {
    const body = valid();
    body.dados_cadastrais.juros_mora = { tipo: 'TAXA_MENSAL', data: '2026-12-27', percentual: 9.9 };
    expect(issuesOf(body).map((i) => i.path.join('.'))).toContain('dados_cadastrais.juros_mora.data');
    body.dados_cadastrais.juros_mora = { tipo: 'TAXA_MENSAL', data: '2026-12-28' };
    expect(issuesOf(body).map((i) => i.path.join('.'))).toContain('dados_cadastrais.juros_mora.percentual');
    body.dados_cadastrais.juros_mora = { tipo: 'ISENTO' };
    body.dados_cadastrais.multa = { data: '2026-12-20', percentual: 2 };
    expect(issuesOf(body).map((i) => i.path.join('.'))).toContain('dados_cadastrais.multa.data');
  });

  it('baixa carries an empty object', () => {
    expect(buildCaixaBaixaBody()).toEqual({});
    expect(caixaBaixaBodySchema.safeParse(buildCaixaBaixaBody()).success).toBe(true);
    expect(caixaBaixaBodySchema.safeParse({ x: 1 }).success).toBe(false);
  });
});

describe('buildCaixaAlteracaoBody — PUT carries the whole dados_cadastrais', () => {
  it('moves the due date, and juros and multa with it; the nosso número stays in the path', () => {
    const body = buildCaixaAlteracaoBody(titulo, { dataVencimento: '2027-01-15' }).dados_cadastrais;
    expect(body).not.toHaveProperty('nosso_numero');
    expect(body.data_vencimento).toBe('2027-01-15');
    expect(body.juros_mora).toEqual({ tipo: 'TAXA_MENSAL', data: '2027-01-16', percentual: 9.9 });
    expect(body.multa).toEqual({ data: '2027-01-16', percentual: 2 });
    expect(body.valor).toBe(1234.56);
    expect(caixaRegistroBodySchema.safeParse(overTheWire({ dados_cadastrais: body })).success).toBe(true);
  });

  it('changes the value', () => {
    expect(buildCaixaAlteracaoBody(titulo, { valorCents: 99_990 }).dados_cadastrais.valor).toBe(999.9);
  });

  it('refuses an alteration that changes nothing', () => {
    expect(() => buildCaixaAlteracaoBody(titulo, {})).toThrow(CaixaFormatError);
  });
});

describe('paths and the token form', () => {
  it('are the Swagger paths', () => {
    expect(caixaPaths.registrar('1100000')).toBe('/v4/beneficiarios/1100000/boletos');
    expect(caixaPaths.consultar(1100000, '14000000137150303')).toBe('/v4/beneficiarios/1100000/boletos/14000000137150303');
    expect(caixaPaths.alterar('0123456', '14000000137150303')).toBe('/v4/beneficiarios/123456/boletos/14000000137150303');
    expect(caixaPaths.baixar('1100000', '14000000137150303')).toBe('/v2/beneficiarios/1100000/boletos/14000000137150303/baixar');
    expect(() => caixaPaths.consultar('1100000', '1400')).toThrow(RangeError);
    expect(() => caixaPaths.registrar('12345678')).toThrow(RangeError);
  });

  it('token form is client credentials in the body', () => {
    expect(buildCaixaTokenForm({ clientId: 'cli-ext-1', clientSecret: 's&cr=t' })).toBe(
      'grant_type=client_credentials&client_id=cli-ext-1&client_secret=s%26cr%3Dt',
    );
    expect(buildCaixaTokenForm({ clientId: 'a', clientSecret: 'b', scope: 'openid' })).toContain('&scope=openid');
  });
});
