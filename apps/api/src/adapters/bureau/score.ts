import { daysBetween, formatBRL } from '@bg/domain';
import type { DocumentHistory } from './document-history.js';
import type { MotivoScore, ResultadoAnalitica } from './bureau.js';

/**
 * The local bureau's credit score (docs/decisions/022): 0..1000, starting at 500, every point
 * explained by a reason. Deterministic: the same history and day give the same score. Weights
 * favour what we know best — how this document paid the guarantees we gave it.
 */
export const SCORE_BASE = 500;

export function scoreFromHistory(h: DocumentHistory, rendaCents: number | null, today: string): Omit<ResultadoAnalitica, 'provider' | 'resumo'> {
  const motivos: MotivoScore[] = [{ descricao: 'Pontuação inicial', pontos: SCORE_BASE }];
  const add = (descricao: string, pontos: number) => {
    if (pontos !== 0) motivos.push({ descricao, pontos });
  };
  if (h.suspeito_motivo) add('Documento na lista de CPFs suspeitos', -400);
  if (h.spc_ativas > 0) add(`Inclusão ativa no SPC (${h.spc_ativas})`, -300);
  if (h.vencidos_abertos > 0) {
    add(`Boletos vencidos em aberto: ${h.vencidos_abertos} (${formatBRL(h.vencidos_abertos_cents)})`, -Math.min(300, 100 * h.vencidos_abertos));
    if (h.max_dias_atraso > 30) add(`Atraso máximo de ${h.max_dias_atraso} dias`, -50);
  }
  if (h.quitados_garantidor > 0) add(`Boletos pagos pela garantidora: ${h.quitados_garantidor}`, -Math.min(200, 80 * h.quitados_garantidor));
  if (h.garantias_negadas > 0) add(`Solicitações negadas anteriormente: ${h.garantias_negadas}`, -Math.min(150, 50 * h.garantias_negadas));
  if (h.pagos > 0) add(`Boletos pagos: ${h.pagos}`, Math.min(200, 20 * h.pagos));
  if (h.garantias_aprovadas > 0 && h.vencidos_abertos === 0 && h.quitados_garantidor === 0) {
    add(`Garantias aprovadas sem inadimplência: ${h.garantias_aprovadas}`, Math.min(100, 25 * h.garantias_aprovadas));
  }
  if (h.primeira_garantia && daysBetween(h.primeira_garantia, today) >= 365) add('Relacionamento há mais de um ano', 50);
  if (rendaCents !== null) {
    if (rendaCents >= 500000) add('Renda declarada a partir de R$ 5.000,00', 80);
    else if (rendaCents >= 200000) add('Renda declarada a partir de R$ 2.000,00', 40);
    else if (rendaCents < 100000) add('Renda declarada abaixo de R$ 1.000,00', -40);
  }
  if (motivos.length === 1) motivos.push({ descricao: 'Sem histórico na base própria', pontos: 0 });
  const raw = motivos.reduce((acc, m) => acc + m.pontos, 0);
  const score = Math.max(0, Math.min(1000, raw));
  const faixa = score >= 700 ? 'BAIXO' : score >= 400 ? 'MÉDIO' : 'ALTO';
  return { score, faixa, motivos };
}
