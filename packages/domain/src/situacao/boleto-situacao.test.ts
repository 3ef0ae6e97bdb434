import { describe, expect, it } from 'vitest';
import { canApply, garantiaStatusLabel, nextSituacao, SITUACAO } from './boleto-situacao.js';

describe('boleto situação machine', () => {
  it('follows DOMAIN.md', () => {
    expect(nextSituacao('liberar', null)).toBe(SITUACAO.DISPONIVEL);
    expect(nextSituacao('cancelar', SITUACAO.DISPONIVEL)).toBe(SITUACAO.CANCELADO_SR);
    expect(nextSituacao('cancelar', SITUACAO.GARANTIDO)).toBe(SITUACAO.ENVIADO_CANCELAMENTO);
    expect(nextSituacao('baixar', SITUACAO.GARANTIDO)).toBe(SITUACAO.ENVIADO_BAIXA);
    expect(nextSituacao('marcarQuitado', SITUACAO.BAIXADO_REMOVIDO)).toBe(SITUACAO.QUITADO);
  });
  it('moves the boletos of an acordo: remover when it is made, retomarDivida when it is cancelled', () => {
    for (const from of [SITUACAO.GARANTIDO, SITUACAO.QUITADO, SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO]) {
      expect(nextSituacao('remover', from)).toBe(SITUACAO.ENVIADO_REMOCAO);
    }
    expect(nextSituacao('retomarDivida', SITUACAO.ENVIADO_REMOCAO)).toBe(SITUACAO.QUITADO);
    expect(nextSituacao('retomarDivida', SITUACAO.BAIXADO_REMOVIDO)).toBe(SITUACAO.QUITADO);
    expect(canApply('retomarDivida', SITUACAO.GARANTIDO)).toBe(false);
    expect(canApply('remover', SITUACAO.ENVIADO_REMOCAO)).toBe(false);
  });
  it('refuses moves from the wrong state', () => {
    expect(canApply('cancelar', SITUACAO.LIQUIDADO)).toBe(false);
    expect(canApply('marcarQuitado', SITUACAO.BAIXADO)).toBe(false);
    expect(() => nextSituacao('quitar', SITUACAO.CANCELADO)).toThrow();
  });
  it('labels APROVADO without release as PRÉ APROVADO', () => {
    expect(garantiaStatusLabel('APROVADO', 'N')).toBe('PRÉ APROVADO');
    expect(garantiaStatusLabel('APROVADO', 'S')).toBe('APROVADO');
    expect(garantiaStatusLabel('PENDENTE', 'N')).toBe('PENDENTE');
  });
});
