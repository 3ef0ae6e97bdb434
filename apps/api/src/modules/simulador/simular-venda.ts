import { eq } from 'drizzle-orm';
import {
  EMPRESA_DEFAULTS,
  fromCents,
  NIVEL,
  SaleSimulationError,
  SIMULADOR_MSG,
  simulateSale,
  todayInSaoPaulo,
  toCents,
} from '@bg/domain';
import type { Db } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';

export type SimularVendaInput = { valor: number; qtdParcelas: number; empresa_id?: number };

/**
 * The rate of the simulation. usuario and franqueado: their own empresa's taxa_prorrata, and only
 * when it has simula_venda S (403 otherwise). administrador (no empresa of its own): the empresa
 * it picks (`empresa_id`, any flag: it simulates on a shop's behalf) or, without one, the empresa
 * default 0.1 (spec §9).
 */
async function rateFor(db: Db, actor: Actor, empresaId?: number): Promise<{ taxa: string; empresaId: number | null }> {
  if (actor.nivel === NIVEL.ADMINISTRADOR) {
    if (empresaId == null) return { taxa: String(EMPRESA_DEFAULTS.taxa_prorrata), empresaId: null };
    const [row] = await db.select({ taxa: empresa.taxa_prorrata }).from(empresa).where(eq(empresa.id, empresaId));
    if (!row) throw notFound('Empresa');
    return { taxa: row.taxa, empresaId };
  }
  if (actor.empresa_id == null) throw forbidden(SIMULADOR_MSG.naoHabilitado);
  const [row] = await db.select({ taxa: empresa.taxa_prorrata, simula_venda: empresa.simula_venda }).from(empresa).where(eq(empresa.id, actor.empresa_id));
  if (!row || row.simula_venda !== 'S') throw forbidden(SIMULADOR_MSG.naoHabilitado);
  return { taxa: row.taxa, empresaId: actor.empresa_id };
}

/**
 * GET /api/simulador/antecipacao/{valor}/{qtdParcelas}: "Simulador de venda com taxas" with the
 * domain's simulateSale (DOMAIN.md: P = V / Σ(1 − feeₖ); the last instalment absorbs the rounding so the shop nets V exactly). Read only.
 */
export async function simularVenda(db: Db, actor: Actor, input: SimularVendaInput, today = todayInSaoPaulo()) {
  const { taxa, empresaId } = await rateFor(db, actor, input.empresa_id);
  try {
    const s = simulateSale({ valueCents: toCents(input.valor), installments: input.qtdParcelas, today, taxaProrrata: taxa });
    return {
      valor: input.valor,
      qtd_parcelas: input.qtdParcelas,
      taxa_prorrata: Number(taxa),
      empresa_id: empresaId,
      boletos: s.boletos.map((b) => ({
        parcela: b.number,
        vencimento: b.vencimento,
        qtd_dias: b.days,
        taxa: Number(b.feePercent),
        valor_nova_parcela: fromCents(b.valorNovaParcelaCents),
        valor_taxa: fromCents(b.feeCents),
        valor_liquido: fromCents(b.netCents),
      })),
      valor_nova_parcela: fromCents(s.valorNovaParcelaCents),
      total: fromCents(s.totalCents),
      total_liquido: fromCents(s.totalNetCents),
    };
  } catch (err) {
    if (err instanceof SaleSimulationError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
}
