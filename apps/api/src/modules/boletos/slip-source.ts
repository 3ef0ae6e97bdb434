import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { dayInSaoPaulo, formatDigitableLine, PAYABLE_SITUACOES, toCents, type Situacao } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { bancoRegistro, boleto, contaCobranca, empresa, garantia, pessoaVisao } from '../../db/schema/index.js';
import { boletoX } from '../../db/schema/boleto-extra.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { SlipData } from '../../pdf/slip.js';
import type { Actor } from '../../shared/actor.js';
import { contaCobrancaById, requireContaDaEmpresa } from '../conta-cobranca/active-conta-cobranca.js';
import { empresaScope, inScope } from '../tenancy/scope.js';
import { parcelaColumns, withBoletoContext } from './boleto-row.js';
import { slipBeneficiary, slipPayer, type SlipPayerSource } from './slip-parties.js';
import { pagadorColumns, visaoDaGarantia } from '../../shared/garantia-context.js';
import { buildSlip, numberBoletos, renumberBoletos } from './number-boletos.js';

/** Situações whose slip can still be paid, hence printed (the domain's PAYABLE_SITUACOES: never LIQUIDADO, BAIXADO, CANCELADO or QUITADO). */
export const PRINTABLE: Situacao[] = PAYABLE_SITUACOES;

export const NAO_LIBERADO = 'Os boletos desta garantia ainda não foram liberados para impressão (a garantia precisa estar APROVADA com boletos liberados).';

/**
 * Before printing: the guarantee must be visible (404), APROVADO with libera_boleto S (409), and
 * every released boleto gets its nosso número if the account was configured after the release;
 * a valor or vencimento changed since (update) gets its barcode and linha recomputed. One short
 * transaction; the PDF is then streamed from the committed rows.
 */
export async function prepareGarantiaForPrint(db: Db, actor: Actor, garantiaId: number, boletoId?: number) {
  return db.transaction(async (tx) => {
    const scope = await empresaScope(tx, actor);
    const [g] = await tx
      .select({ id: garantia.id, status: garantia.status, libera_boleto: garantia.libera_boleto, empresa_id: garantia.empresa_id })
      .from(garantia)
      .where(and(eq(garantia.id, garantiaId), inScope(scope, garantia.empresa_id)));
    if (!g) throw notFound('Garantia');
    if (g.status !== 'APROVADO' || g.libera_boleto !== 'S') throw wrongState(NAO_LIBERADO);
    // a boleto that can no longer be paid is never printed (DOMAIN.md "Seams"), whatever else is missing
    const situacoes = await tx
      .select({ situacao: boleto.situacao })
      .from(boleto)
      .where(and(eq(boleto.garantia_id, garantiaId), boletoId ? eq(boleto.id, boletoId) : isNotNull(boleto.situacao)));
    if (boletoId && situacoes.length && !situacoes.some((r) => r.situacao !== null && PRINTABLE.includes(r.situacao))) {
      throw wrongState(`Este boleto não pode ser impresso: está ${situacoes[0].situacao ?? 'aguardando liberação'}.`);
    }
    if (!situacoes.some((r) => r.situacao !== null && PRINTABLE.includes(r.situacao))) throw wrongState('Esta garantia não tem boletos em aberto para imprimir.');
    const missing = await tx
      .select({ id: boleto.id })
      .from(boleto)
      .where(and(eq(boleto.garantia_id, garantiaId), isNull(boleto.nosso_numero), isNotNull(boleto.situacao)));
    // released before any conta existed: numbered now in the shop's conta (decision 126)
    if (missing.length) await numberBoletos(tx, await requireContaDaEmpresa(tx, g.empresa_id), garantiaId);
    const rows = await tx
      .select({ id: boleto.id, conta_id: boletoX.conta_cobranca_id, situacao: boleto.situacao })
      .from(boletoX)
      .innerJoin(boleto, eq(boleto.id, boletoX.id))
      .where(and(eq(boleto.garantia_id, garantiaId), boletoId ? eq(boleto.id, boletoId) : isNotNull(boleto.situacao)));
    const printable = rows.filter((r) => r.situacao !== null && PRINTABLE.includes(r.situacao));
    if (boletoId && rows.length && !printable.length) {
      throw wrongState(`Este boleto não pode ser impresso: está ${rows[0].situacao ?? 'aguardando liberação'}.`);
    }
    if (!printable.length) throw wrongState('Esta garantia não tem boletos em aberto para imprimir.');
    await refuseUnregisteredAtBank(tx, printable.map((r) => r.id));
    const byConta = new Map<number, number[]>();
    for (const r of printable) if (r.conta_id) byConta.set(r.conta_id, [...(byConta.get(r.conta_id) ?? []), r.id]);
    for (const [contaId, ids] of byConta) {
      const conta = await contaCobrancaById(tx, contaId);
      if (conta) await renumberBoletos(tx, conta, ids);
    }
    return { garantiaId, count: printable.length };
  });
}

/**
 * A boleto of a conta that works by the bank's API is printed only after the bank confirmed its
 * registration (issue 26, docs/banks.md): until then the answer says it is waiting and for how long,
 * or that the bank refused it. Reads the tables directly (the banco module imports this one).
 */
async function refuseUnregisteredAtBank(tx: DbOrTx, ids: number[]): Promise<void> {
  const waiting = await tx
    .select({ id: boletoX.id, estado: bancoRegistro.estado, solicitado_em: bancoRegistro.solicitado_em, erro: bancoRegistro.ultimo_erro })
    .from(boletoX)
    .innerJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .leftJoin(bancoRegistro, eq(bancoRegistro.boleto_id, boletoX.id))
    .where(and(inArray(boletoX.id, ids), eq(contaCobranca.modo, 'API'), or(isNull(bancoRegistro.estado), ne(bancoRegistro.estado, 'REGISTRADO'))));
  if (!waiting.length) return;
  const rejected = waiting.find((w) => w.estado === 'REJEITADO');
  if (rejected) throw wrongState(`Este boleto não pode ser impresso: o banco recusou o registro. ${rejected.erro ?? ''}`.trim());
  const oldest = waiting.reduce<Date | null>((min, w) => (w.solicitado_em && (!min || w.solicitado_em < min) ? w.solicitado_em : min), null);
  const minutes = oldest ? Math.max(0, Math.floor((Date.now() - oldest.getTime()) / 60_000)) : 0;
  throw wrongState(`Aguardando registro no banco (há ${minutes < 1 ? 'menos de 1' : minutes} min): o boleto pode ser impresso assim que o banco confirmar.`);
}

/** Locates a visible boleto's guarantee (404 outside the scope). */
export async function garantiaOfBoleto(db: Db, actor: Actor, boletoId: number): Promise<number> {
  const scope = await empresaScope(db, actor);
  const [row] = await db
    .select({ garantia_id: boleto.garantia_id })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .where(and(eq(boleto.id, boletoId), inScope(scope, garantia.empresa_id)));
  if (!row) throw notFound('Boleto');
  return row.garantia_id;
}

/**
 * The printable slips of a guarantee (or one boleto), read in batches by parcela so a carnê of
 * any size never sits in memory whole.
 */
export async function* slipsOf(db: Db, garantiaId: number, boletoId?: number, batch = 100): AsyncGenerator<SlipData> {
  let after = 0;
  for (;;) {
    const select = db.select({
      ...parcelaColumns,
      nosso_numero: boleto.nosso_numero,
      created_at: boleto.created_at,
      qtd: garantia.qtd_titulo,
      garantia_id: garantia.id,
      garantia_digito: garantia.digito,
      loja: empresa.fantasia,
      pagador: pagadorColumns,
      conta: contaCobranca,
      banco: { linha: bancoRegistro.linha_digitavel, barras: bancoRegistro.codigo_barras, pix: bancoRegistro.pix_emv },
    });
    const rows = await withBoletoContext(select.from(boleto).$dynamic())
      .leftJoin(pessoaVisao, visaoDaGarantia)
      .innerJoin(boletoX, eq(boletoX.id, boleto.id))
      .innerJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
      .leftJoin(bancoRegistro, eq(bancoRegistro.boleto_id, boleto.id))
      .where(
        and(
          eq(boleto.garantia_id, garantiaId),
          boletoId ? eq(boleto.id, boletoId) : inArray(boleto.situacao, PRINTABLE),
          gt(boleto.parcela, after),
          isNotNull(boleto.nosso_numero),
        ),
      )
      .orderBy(asc(boleto.parcela))
      .limit(batch);
    for (const r of rows) yield toSlip(r);
    if (rows.length < batch) return;
    after = rows[rows.length - 1].parcela;
  }
}

type SlipRow = {
  id: number; digito: number; parcela: number; valor: string; vencimento: string; nosso_numero: number | null; created_at: Date;
  qtd: number; garantia_id: number; garantia_digito: number; loja: string;
  pagador: SlipPayerSource; conta: typeof contaCobranca.$inferSelect;
  /** What the bank answered when it registered the boleto by API (null fields otherwise). */
  banco: { linha: string | null; barras: string | null; pix: string | null } | null;
};

function toSlip(r: SlipRow): SlipData {
  const cents = toCents(r.valor);
  const built = buildSlip(r.conta, r.nosso_numero as number, cents, r.vencimento);
  return {
    boletoId: r.id,
    boletoDigito: r.digito,
    parcela: r.parcela,
    qtdParcelas: r.qtd,
    valorCents: cents,
    vencimento: r.vencimento,
    emissao: dayInSaoPaulo(r.created_at),
    // registered by API: the bank's own lines (they agree with ours; the bank's are the ones it pays)
    barcode: r.banco?.barras && /^\d{44}$/.test(r.banco.barras) ? r.banco.barras : built.barcode,
    digitableLine: r.banco?.linha && /^\d{47}$/.test(r.banco.linha) ? formatDigitableLine(r.banco.linha) : built.digitableLine,
    ourNumberFormatted: built.ourNumberFormatted,
    pixEmv: r.banco?.pix ?? null,
    garantiaId: r.garantia_id,
    garantiaDigito: r.garantia_digito,
    loja: r.loja,
    pagador: slipPayer(r.pagador),
    conta: slipBeneficiary(r.conta),
  };
}
