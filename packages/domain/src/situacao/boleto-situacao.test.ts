import { describe, expect, it } from 'vitest';
import { canApply, garantiaStatusLabel, isPendente, nextSituacao, SITUACAO } from './boleto-situacao.js';

describe('boleto situação machine', () => {
  it('follows DOMAIN.md', () => {
    expect(nextSituacao('liberar', null)).toBe(SITUACAO.DISPONIVEL);
    expect(nextSituacao('cancelar', SITUACAO.DISPONIVEL)).toBe(SITUACAO.CANCELADO_SR);
    expect(nextSituacao('cancelar', SITUACAO.GARANTIDO)).toBe(SITUACAO.ENVIADO_CANCELAMENTO);
    expect(nextSituacao('baixar', SITUACAO.GARANTIDO)).toBe(SITUACAO.ENVIADO_BAIXA);
    expect(nextSituacao('marcarQuitado', SITUACAO.BAIXADO_REMOVIDO)).toBe(SITUACAO.QUITADO);
  });
  it('moves the boletos of an acordo: remover when it is made; a cancelled acordo leaves them removed, pending again', () => {
    for (const from of [SITUACAO.GARANTIDO, SITUACAO.QUITADO, SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO]) {
      expect(nextSituacao('remover', from)).toBe(SITUACAO.ENVIADO_REMOCAO);
    }
    expect(canApply('remover', SITUACAO.ENVIADO_REMOCAO)).toBe(false);
    // decision 109: no action turns a removed boleto QUITADO without its payout ("Marcar como quitado" posts it)
    expect(isPendente(SITUACAO.BAIXADO_REMOVIDO, { vigente: false, cancelado: true })).toBe(true);
    expect(isPendente(SITUACAO.ENVIADO_REMOCAO, { vigente: true, cancelado: true })).toBe(false);
    expect(isPendente(SITUACAO.BAIXADO_REMOVIDO, { vigente: false, cancelado: false })).toBe(false);
    expect(isPendente(SITUACAO.GARANTIDO, { vigente: false, cancelado: false })).toBe(true);
    expect(isPendente(SITUACAO.LIQUIDADO, { vigente: false, cancelado: true })).toBe(false);
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
