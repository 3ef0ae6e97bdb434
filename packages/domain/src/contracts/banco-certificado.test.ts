import { describe, expect, it } from 'vitest';
import { CERTIFICADO_ALERTA_DIAS, certificadoAlertaTexto, certificadoDiasRestantes } from './banco.js';

describe('the conta’s client certificate: days left and Início’s sentence', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  it('counts whole days left, negative once expired', () => {
    expect(certificadoDiasRestantes(new Date('2026-12-27T15:00:00Z'), now)).toBe(30);
    expect(certificadoDiasRestantes(new Date('2026-12-27T14:59:59Z'), now)).toBe(29);
    expect(certificadoDiasRestantes(new Date('2026-11-27T20:00:00Z'), now)).toBe(0);
    expect(certificadoDiasRestantes(new Date('2026-11-27T14:00:00Z'), now)).toBe(-1);
    expect(CERTIFICADO_ALERTA_DIAS).toBe(30);
  });
  it('says it in Portuguese, singular and plural', () => {
    expect(certificadoAlertaTexto('001 ag. 4321 c/c 55555', 12)).toBe('Certificado da conta 001 ag. 4321 c/c 55555 vence em 12 dias.');
    expect(certificadoAlertaTexto('X', 1)).toBe('Certificado da conta X vence em 1 dia.');
    expect(certificadoAlertaTexto('X', 0)).toBe('Certificado da conta X vence hoje.');
    expect(certificadoAlertaTexto('X', -1)).toBe('Certificado da conta X venceu há 1 dia: as chamadas ao banco com TLS mútuo vão falhar.');
    expect(certificadoAlertaTexto('X', -5)).toMatch(/^Certificado da conta X venceu há 5 dias/);
  });
});
