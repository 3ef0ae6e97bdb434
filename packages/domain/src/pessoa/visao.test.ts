import { describe, expect, it } from 'vitest';
import { pessoaDivergencias, sameName } from './visao.js';

describe('pessoaDivergencias', () => {
  const identidade = { nome_razao: 'João da Silva', data_nascimento: '1980-01-02' };

  it('is empty when the view holds the identity (case, accents and spaces aside)', () => {
    expect(pessoaDivergencias(identidade, { nome_razao: '  JOAO  DA SILVA ', data_nascimento: '1980-01-02' })).toEqual([]);
    expect(sameName('Ângela Müller', 'angela muller')).toBe(true);
  });

  it('names each identity field the view holds differently', () => {
    expect(pessoaDivergencias(identidade, { nome_razao: 'João Silva', data_nascimento: '1980-01-02' })).toEqual(['nome_razao']);
    expect(pessoaDivergencias(identidade, { nome_razao: 'João da Silva', data_nascimento: '1981-01-02' })).toEqual(['data_nascimento']);
    expect(pessoaDivergencias({ ...identidade, data_nascimento: null }, { nome_razao: 'Outro', data_nascimento: '1980-01-02' })).toEqual(['nome_razao', 'data_nascimento']);
  });

  it('a view without a birth date does not diverge on it', () => {
    expect(pessoaDivergencias(identidade, { nome_razao: 'João da Silva', data_nascimento: null })).toEqual([]);
  });
});
