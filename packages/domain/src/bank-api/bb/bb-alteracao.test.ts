import { describe, expect, it } from 'vitest';
import { buildBbAlteracaoBody, buildBbBaixaBody } from './bb-alteracao.js';
import { BbFormatError } from './bb-error.js';
import { bbAlteracaoBodySchema, bbBaixaBodySchema } from './bb-schemas.js';

describe('buildBbAlteracaoBody', () => {
  it('changes the due date: indicador S with alteracaoData, every other indicador N', () => {
    const body = buildBbAlteracaoBody('3128557', { vencimento: '2026-12-20' });
    expect(body).toMatchObject({ numeroConvenio: 3128557, indicadorNovaDataVencimento: 'S', alteracaoData: { novaDataVencimento: '20.12.2026' }, indicadorNovoValorNominal: 'N', indicadorProtestar: 'N' });
    expect(body.alteracaoValor).toBeUndefined();
    expect(bbAlteracaoBodySchema.safeParse(body).success).toBe(true);
  });

  it('changes the amount in reais, both at once too', () => {
    const body = buildBbAlteracaoBody('3128557', { vencimento: '2026-12-20', valorCents: 15050 });
    expect(body).toMatchObject({ indicadorNovaDataVencimento: 'S', indicadorNovoValorNominal: 'S', alteracaoValor: { novoValorNominal: 150.5 } });
    expect(bbAlteracaoBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses a change of nothing and a zero amount', () => {
    expect(() => buildBbAlteracaoBody('3128557', {})).toThrow(BbFormatError);
    expect(() => buildBbAlteracaoBody('3128557', { valorCents: 0 })).toThrow(BbFormatError);
  });
});

describe('buildBbBaixaBody', () => {
  it('sends the convênio as a number', () => {
    expect(buildBbBaixaBody('3128557')).toEqual({ numeroConvenio: 3128557 });
    expect(bbBaixaBodySchema.safeParse(buildBbBaixaBody('0012345')).success).toBe(true);
    expect(() => buildBbBaixaBody('')).toThrow(BbFormatError);
  });
});
