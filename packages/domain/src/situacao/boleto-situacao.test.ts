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
