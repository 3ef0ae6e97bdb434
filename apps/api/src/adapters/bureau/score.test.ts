import { describe, expect, it } from 'vitest';
import type { DocumentHistory } from './document-history.js';
import { scoreFromHistory } from './score.js';

const clean: DocumentHistory = {
  suspeito_motivo: null, spc_ativas: 0, vencidos_abertos: 0, vencidos_abertos_cents: 0, max_dias_atraso: 0, abertos_em_dia: 0,
  pagos: 0, quitados_garantidor: 0, garantias_aprovadas: 0, garantias_negadas: 0, garantias_canceladas: 0, garantias_pendentes: 0,
  primeira_garantia: null,
};
const total = (r: ReturnType<typeof scoreFromHistory>) => r.motivos.reduce((a, m) => a + m.pontos, 0);

describe('local bureau score', () => {
  it('starts at 500 for an unknown document and explains it', () => {
    const r = scoreFromHistory(clean, null, '2026-11-22');
    expect(r).toMatchObject({ score: 500, faixa: 'MÉDIO' });
    expect(r.motivos.map((m) => m.descricao)).toContain('Sem histórico na base própria');
  });

  it('rewards a good payer with an old relationship and good income', () => {
    const r = scoreFromHistory({ ...clean, pagos: 12, garantias_aprovadas: 3, primeira_garantia: '2025-01-10' }, 600000, '2026-11-22');
    // 500 + 200 (pagos, capped) + 75 (3 aprovadas) + 50 (relacionamento) + 80 (renda)
    expect(r.score).toBe(905);
    expect(r.faixa).toBe('BAIXO');
    expect(total(r)).toBe(905);
  });

  it('sinks a suspect defaulter with SPC to zero (clamped) and is deterministic', () => {
    const h = { ...clean, suspeito_motivo: 'fraude', spc_ativas: 1, vencidos_abertos: 2, vencidos_abertos_cents: 50000, max_dias_atraso: 45 };
    const a = scoreFromHistory(h, 80000, '2026-11-22');
    expect(a.score).toBe(0);
    expect(a.faixa).toBe('ALTO');
    expect(a.motivos.map((m) => m.pontos)).toEqual([500, -400, -300, -200, -50, -40]);
    expect(scoreFromHistory(h, 80000, '2026-11-22')).toEqual(a);
  });
});
