import {
  advanceFigureDifferences,
  ANTECIPACAO_MSG,
  ADVANCE_MSG,
  centsToDecimalText,
  todayInSaoPaulo,
  toCents,
  type AdvanceSimulation,
  type createAntecipacaoBody,
} from '@bg/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, antecipacaoBoleto } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { advanceEmpresa } from './advance-empresa.js';
import { simulateForEmpresa } from './advance-simulation.js';

export type CreateAntecipacaoInput = z.output<typeof createAntecipacaoBody>;

/** The figures the shop saw, in centavos, shaped like a simulation so the domain can compare them. */
function sentSimulation(input: CreateAntecipacaoInput): AdvanceSimulation {
  const t = input.totais;
  return {
    boletos: input.boletos.map((b) => ({ id: b.id, amountCents: toCents(b.valor), dueDate: b.vencimento, days: 0, prorataCents: toCents(b.prorata) })),
    totals: {
      qtdBoletos: t.qtd_boletos,
      totalBoletosCents: toCents(t.total_boletos),
      totalProrataCents: toCents(t.total_prorata),
      totalTaxaAntecipacaoCents: toCents(t.total_taxa_antecipacao),
      taxaBasicaCents: toCents(t.taxa_basica),
      totalAntecipacaoCents: toCents(t.total_antecipacao),
      dataSimulacao: input.data_simulacao,
    },
  };
}

/**
 * POST /api/relatorio/createAntecipacao: "Enviar Solicitação (Sujeito a análise)". In one
 * transaction: the empresa row is locked (two requests of one shop run one after the other), the
 * eligible boletos are simulated again and share-locked, and the request is refused (409, with the
 * figures that moved) unless every figure the shop saw still holds — a boleto paid, changed or
 * added meanwhile, another day's prorata or a new taxa básica. The request is stored EM ANÁLISE
 * with those figures; its boletos cannot join another advance while it is open or approved.
 */
export async function createAntecipacao(db: DbOrTx, actor: Actor, input: CreateAntecipacaoInput, today = todayInSaoPaulo()) {
  return db.transaction(async (tx) => {
    const emp = await advanceEmpresa(tx, actor, { lock: true });
    const { simulation: fresh } = await simulateForEmpresa(tx, emp, today, { lock: true });
    if (!fresh) throw new AppError('WRONG_STATE', ADVANCE_MSG.semBoletos);
    const diferencas = advanceFigureDifferences(sentSimulation(input), fresh);
    if (diferencas.length) throw new AppError('CONFLICT', ANTECIPACAO_MSG.figurasMudaram, { extra: { diferencas } });

    const t = fresh.totals;
    const [row] = await tx
      .insert(antecipacao)
      .values({
        empresa_id: emp.id,
        usuario_id: actor.id,
        data_simulacao: t.dataSimulacao,
        taxa_prorrata: emp.taxa_prorrata,
        taxa_antecipacao: emp.taxa_antecipacao,
        qtd_boletos: t.qtdBoletos,
        total_boletos: centsToDecimalText(t.totalBoletosCents),
        total_prorata: centsToDecimalText(t.totalProrataCents),
        total_taxa_antecipacao: centsToDecimalText(t.totalTaxaAntecipacaoCents),
        taxa_basica: centsToDecimalText(t.taxaBasicaCents),
        total_antecipacao: centsToDecimalText(t.totalAntecipacaoCents),
      })
      .returning({ id: antecipacao.id });
    await tx.insert(antecipacaoBoleto).values(
      fresh.boletos.map((b) => ({
        antecipacao_id: row.id,
        boleto_id: b.id,
        valor: centsToDecimalText(b.amountCents),
        vencimento: b.dueDate,
        qtd_dias: b.days,
        prorata: centsToDecimalText(b.prorataCents),
      })),
    );
    await recordAudit(tx, actor, {
      action: 'antecipacao.create',
      entity: 'antecipacao',
      entityId: row.id,
      summary: { empresa_id: emp.id, qtd_boletos: t.qtdBoletos, total_boletos: centsToDecimalText(t.totalBoletosCents), total_antecipacao: centsToDecimalText(t.totalAntecipacaoCents) },
    });
    return { id: row.id };
  });
}
