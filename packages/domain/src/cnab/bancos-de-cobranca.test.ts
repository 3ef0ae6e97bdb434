import { describe, expect, it } from 'vitest';
import { BANCOS_COM_API } from '../bank-api/bancos-com-api.js';
import { BANK_PROFILES } from '../boleto/bank-profiles.js';
import { CNAB_BANK_PROFILES } from './banks/cnab-profiles.js';
import { CNAB400_BANK_PROFILES } from './banks400/cnab400-profiles.js';
import { bancoDeCobranca, bancosDeCobranca, layoutPadrao, layoutsDeRemessa } from './bancos-de-cobranca.js';

describe('bancosDeCobranca / layoutsDeRemessa (decision 126)', () => {
  it('reads the layouts from the registries: Caixa and BB write CNAB 240, Itaú CNAB 400', () => {
    expect(layoutsDeRemessa('104')).toEqual([240]);
    expect(layoutsDeRemessa('001')).toEqual([240]);
    expect(layoutsDeRemessa('341')).toEqual([400]);
    expect(layoutsDeRemessa('999')).toEqual([]);
    expect(layoutPadrao('341')).toBe(400);
    expect(layoutPadrao('104')).toBe(240);
    expect(layoutPadrao('999')).toBeNull();
  });

  it('offers exactly the banks with a boleto profile and a remessa writer or an API, whatever lands in the registries', () => {
    // recomputed from the registries themselves, so a bank registered by another part shows up here
    const expected = Object.keys(BANK_PROFILES)
      .filter((code) => {
        const w240 = Boolean(CNAB_BANK_PROFILES[code]?.writer);
        const p400 = CNAB400_BANK_PROFILES[code];
        const w400 = Boolean(p400?.writer && p400.layout.remessaHeader && p400.layout.remessaDetail && p400.layout.remessaTrailer);
        return w240 || w400 || BANCOS_COM_API.includes(code);
      })
      .sort();
    const bancos = bancosDeCobranca();
    expect(bancos.map((b) => b.codigo)).toEqual(expected);
    expect(bancos.map((b) => b.codigo)).toEqual(expect.arrayContaining(['001', '104', '341']));
    expect(bancoDeCobranca('104')).toEqual({ codigo: '104', nome: 'Caixa Econômica Federal (SIGCB)', layouts: [240], api: true });
    expect(bancoDeCobranca('341')).toMatchObject({ codigo: '341', layouts: [400], api: false });
    for (const b of bancos) expect(b.codigo).toMatch(/^\d{3}$/); // the database's CHECK (migration 0184)
  });

  it('leaves out a bank whose CNAB 400 profile only reads retornos', () => {
    const bradesco = CNAB400_BANK_PROFILES['237'];
    const writes400 = Boolean(bradesco.writer && bradesco.layout.remessaDetail);
    expect(layoutsDeRemessa('237').includes(400)).toBe(writes400);
  });
});
