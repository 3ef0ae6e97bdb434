import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  AdvanceError,
  fromCents,
  parsePercentRate,
  percentText,
  simulateAdvance,
  SITUACAO,
  toCents,
  type AdvanceSimulation,
  type IsoDate,
} from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacaoBoleto, boleto, garantia, pessoa } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { AdvanceEmpresa } from './advance-empresa.js';
import { taxaBasicaCents } from './taxa-basica.js';

const boletoColumns = {
  id: boleto.id,
  digito: boleto.digito,
  parcela: boleto.parcela,
  garantia_id: garantia.id,
  garantia_digito: garantia.digito,
  data: garantia.data,
  nome_razao: pessoa.nome_razao,
  cpf_cnpj: pessoa.cpf_cnpj,
  vencimento: boleto.vencimento,
  valor: boleto.valor,
};
export type EligibleBoleto = { [K in keyof typeof boletoColumns]: (typeof boletoColumns)[K]['_']['data'] };

/**
 * DOMAIN.md "Advance": the empresa's GARANTIDO boletos due after today (isAdvanceableDueDate) that
 * are not in another active advance (EM ANÁLISE or APROVADA). With `lock`, the boletos are share-
 * locked until the transaction ends, so a baixa or liquidação cannot slip in between the check
 * and the insert of the request.
 */
async function eligibleBoletos(db: DbOrTx, empresaId: number, today: IsoDate, lock: boolean): Promise<EligibleBoleto[]> {
  const query = db
    .select(boletoColumns)
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
    .where(
      and(
        eq(garantia.empresa_id, empresaId),
        eq(boleto.situacao, SITUACAO.GARANTIDO),
        gt(boleto.vencimento, today),
        sql`not exists (select 1 from ${antecipacaoBoleto} ab where ab.boleto_id = ${boleto.id} and ab.ativo)`,
      ),
    )
    .orderBy(asc(boleto.vencimento), asc(boleto.id));
  return lock ? query.for('share', { of: boleto }) : query;
}

export type EmpresaSimulation = {
  rows: EligibleBoleto[];
  /** null when there is nothing to advance. */
  simulation: AdvanceSimulation | null;
};

/** Simulates the advance of every eligible boleto of the empresa with the domain's one function. */
export async function simulateForEmpresa(db: DbOrTx, emp: AdvanceEmpresa, today: IsoDate, { lock = false } = {}): Promise<EmpresaSimulation> {
  const rows = await eligibleBoletos(db, emp.id, today, lock);
  if (!rows.length) return { rows, simulation: null };
  try {
    const simulation = simulateAdvance({
      boletos: rows.map((r) => ({ id: r.id, amountCents: toCents(r.valor), dueDate: r.vencimento })),
      today,
      taxaProrrata: emp.taxa_prorrata,
      taxaAntecipacao: emp.taxa_antecipacao,
      taxaBasicaCents: await taxaBasicaCents(db),
    });
    return { rows, simulation };
  } catch (err) {
    if (err instanceof AdvanceError) throw new AppError('VALIDATION', err.message);
    throw err;
  }
}

/** A numeric rate column ("0.1000") as the JSON number the contract carries (0.1). */
export const rateNumber = (value: string) => Number(value);

/** The simulation as simulaAntecipacao answers it (reais on the wire). */
export function presentSimulation(emp: AdvanceEmpresa, { rows, simulation }: EmpresaSimulation) {
  const taxas = { taxa_prorrata: rateNumber(emp.taxa_prorrata), taxa_antecipacao: rateNumber(emp.taxa_antecipacao) };
  if (!simulation) return { boletos: [], totais: null, taxas };
  const prorrata = parsePercentRate(emp.taxa_prorrata)!;
  const byId = new Map(simulation.boletos.map((b) => [b.id, b]));
  const boletos = rows.map((r) => {
    const figures = byId.get(r.id)!;
    return {
      ...r,
      valor: fromCents(figures.amountCents),
      qtd_dias: figures.days,
      prorata: fromCents(figures.prorataCents),
      taxa: Number(percentText(prorrata, figures.days)),
    };
  });
  const t = simulation.totals;
  return {
    boletos,
    taxas,
    totais: {
      data_simulacao: t.dataSimulacao,
      qtd_boletos: t.qtdBoletos,
      total_boletos: fromCents(t.totalBoletosCents),
      total_prorata: fromCents(t.totalProrataCents),
      total_taxa_antecipacao: fromCents(t.totalTaxaAntecipacaoCents),
      taxa_basica: fromCents(t.taxaBasicaCents),
      total_antecipacao: fromCents(t.totalAntecipacaoCents),
    },
  };
}
