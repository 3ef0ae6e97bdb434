import { describe, expect, it } from 'vitest';
import { avaliarPolitica, idadeEm, type EntradasAvaliacao } from './avaliar.js';
import { POLITICA_PADRAO, regrasPoliticaSchema, type PoliticaAvaliavel } from './politica.js';

const politica: PoliticaAvaliavel = { versao: 3, ...POLITICA_PADRAO, limites: { boleto_cents: 500000, garantia_cents: 3000000, loja_cents: 10000000, documento_cents: 5000000 } };
const base: EntradasAvaliacao = {
  tipo_pessoa: 'F',
  restricoes: [],
  score: 700,
  idade: 30,
  renda_cents: 300000,
  parcelas_cents: [100000, 100000],
  exposicao_documento_cents: 0,
  exposicao_loja_cents: 0,
};
const av = (e: Partial<EntradasAvaliacao>, p: PoliticaAvaliavel = politica) => avaliarPolitica(p, { ...base, ...e });
const codigos = (e: Partial<EntradasAvaliacao>, p?: PoliticaAvaliavel) => av(e, p).motivos.map((m) => m.codigo);

describe('avaliarPolitica', () => {
  it('approves a clean request and names the criterion', () => {
    const r = av({});
    expect(r).toMatchObject({ versao: 3, resultado: 'APROVAR' });
    expect(r.motivos).toEqual([{ codigo: 'SCORE_FAIXA', texto: expect.stringContaining('aprovação automática') }]);
  });

  it.each([
    [0, 'NEGAR'], [199, 'NEGAR'], [200, 'ANALISAR'], [649, 'ANALISAR'], [650, 'APROVAR'], [1000, 'APROVAR'],
  ] as const)('score %i falls in the band whose outcome is %s', (score, resultado) => {
    expect(av({ score }).resultado).toBe(resultado);
  });

  it('without a score sends to analysis', () => {
    expect(av({ score: null })).toMatchObject({ resultado: 'ANALISAR', motivos: [{ codigo: 'SEM_SCORE' }] });
  });

  it.each([
    ['CPF_SUSPEITO', 'cpf_suspeito'], ['SPC_ATIVO', 'spc_ativo'], ['INADIMPLENCIA', 'inadimplencia'], ['RESTRICAO_EXTERNA', 'restricao_externa'],
  ] as const)('hard rule %s does what the policy says (NEGAR, ANALISAR, IGNORAR)', (codigo, chave) => {
    for (const acao of ['NEGAR', 'ANALISAR'] as const) {
      const p = { ...politica, regras: { ...politica.regras, [chave]: acao } };
      expect(av({ restricoes: [codigo] }, p).resultado).toBe(acao);
      expect(codigos({ restricoes: [codigo] }, p)).toEqual([codigo]);
    }
    const off = { ...politica, regras: { ...politica.regras, [chave]: 'IGNORAR' as const } };
    expect(av({ restricoes: [codigo] }, off).resultado).toBe('APROVAR');
  });

  it('age: 17 denied, 18 passes; a CNPJ has no age; unknown age of a CPF goes to analysis', () => {
    expect(av({ idade: 17 })).toMatchObject({ resultado: 'NEGAR', motivos: [{ codigo: 'MENOR_IDADE' }] });
    expect(av({ idade: 18 }).resultado).toBe('APROVAR');
    expect(av({ idade: null, tipo_pessoa: 'J' }).resultado).toBe('APROVAR');
    expect(av({ idade: null })).toMatchObject({ resultado: 'ANALISAR', motivos: [{ codigo: 'IDADE_NAO_INFORMADA' }] });
  });

  it('birthdays: the day before is still 17, the day itself 18; 29/02 turns on 01/03', () => {
    expect(idadeEm('2008-11-28', '2026-11-27')).toBe(17);
    expect(idadeEm('2008-11-27', '2026-11-27')).toBe(18);
    expect(idadeEm('2008-02-29', '2026-02-28')).toBe(17);
    expect(idadeEm('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('income: one centavo below the minimum applies the rule; the minimum itself passes; none applies it', () => {
    expect(av({ renda_cents: 99999 })).toMatchObject({ resultado: 'ANALISAR', motivos: [{ codigo: 'RENDA_MINIMA' }] });
    expect(av({ renda_cents: 100000 }).resultado).toBe('APROVAR');
    expect(av({ renda_cents: null }).resultado).toBe('ANALISAR');
  });

  it('limit per boleto: equal passes, one centavo above applies excesso_limite', () => {
    expect(av({ parcelas_cents: [500000] }).resultado).toBe('APROVAR');
    expect(av({ parcelas_cents: [500001] })).toMatchObject({ resultado: 'ANALISAR', motivos: [{ codigo: 'LIMITE_BOLETO' }] });
    const negar = { ...politica, regras: { ...politica.regras, excesso_limite: 'NEGAR' as const } };
    expect(av({ parcelas_cents: [500001] }, negar).resultado).toBe('NEGAR');
  });

  it('limit per guarantee: the total of the instalments', () => {
    expect(av({ parcelas_cents: [500000, 500000, 500000, 500000, 500000, 500000] }).resultado).toBe('APROVAR');
    expect(codigos({ parcelas_cents: [500000, 500000, 500000, 500000, 500000, 500000, 1] })).toEqual(['LIMITE_GARANTIA']);
  });

  it('limit per shop: open exposure + the request', () => {
    expect(av({ exposicao_loja_cents: 9800000, parcelas_cents: [100000, 100000] }).resultado).toBe('APROVAR');
    expect(codigos({ exposicao_loja_cents: 9800001, parcelas_cents: [100000, 100000] })).toEqual(['LIMITE_LOJA']);
  });

  it('limit per CPF/CNPJ across shops: open exposure + the request', () => {
    expect(av({ exposicao_documento_cents: 4800000, parcelas_cents: [100000, 100000] }).resultado).toBe('APROVAR');
    expect(codigos({ exposicao_documento_cents: 4800001, parcelas_cents: [100000, 100000] })).toEqual(['LIMITE_DOCUMENTO']);
  });

  it('null limits never apply', () => {
    const sem = { ...politica, limites: { boleto_cents: null, garantia_cents: null, loja_cents: null, documento_cents: null } };
    expect(av({ parcelas_cents: [99_999_999], exposicao_documento_cents: 1e10, exposicao_loja_cents: 1e10 }, sem).resultado).toBe('APROVAR');
  });

  it('the worst outcome wins and the main criteria are the reasons at that outcome, worst first', () => {
    const r = av({ restricoes: ['SPC_ATIVO'], renda_cents: 1, score: 400 });
    expect(r.resultado).toBe('NEGAR');
    expect(r.motivos.map((m) => m.codigo)).toEqual(['SPC_ATIVO']);
    expect(r.aplicadas.map((m) => [m.codigo, m.resultado])).toEqual([['SPC_ATIVO', 'NEGAR'], ['RENDA_MINIMA', 'ANALISAR'], ['SCORE_FAIXA', 'ANALISAR']]);
  });

  it('the texts given to the shop never carry the score', () => {
    for (const score of [0, 450, 999]) for (const m of av({ score }).motivos) expect(m.texto).not.toMatch(/\d/);
  });
});

describe('regrasPoliticaSchema', () => {
  it('accepts the default policy', () => {
    expect(regrasPoliticaSchema.safeParse(POLITICA_PADRAO.regras).success).toBe(true);
  });
  it.each([
    ['a gap', [{ de: 0, ate: 299, resultado: 'NEGAR' }, { de: 301, ate: 1000, resultado: 'APROVAR' }], 'A faixa deve começar em 300'],
    ['an overlap', [{ de: 0, ate: 299, resultado: 'NEGAR' }, { de: 299, ate: 1000, resultado: 'APROVAR' }], 'A faixa deve começar em 300'],
    ['not reaching 1000', [{ de: 0, ate: 999, resultado: 'NEGAR' }], 'A última faixa deve terminar em 1000'],
    ['not starting at 0', [{ de: 1, ate: 1000, resultado: 'NEGAR' }], 'A faixa deve começar em 0'],
    ['an inverted band', [{ de: 0, ate: 500, resultado: 'NEGAR' }, { de: 501, ate: 400, resultado: 'NEGAR' }, { de: 401, ate: 1000, resultado: 'NEGAR' }], 'O fim da faixa deve ser maior ou igual ao início'],
  ])('refuses bands with %s', (_n, faixas_score, message) => {
    const r = regrasPoliticaSchema.safeParse({ ...POLITICA_PADRAO.regras, faixas_score });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(message);
  });
});
