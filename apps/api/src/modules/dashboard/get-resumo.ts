import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  ANTECIPACAO_SITUACAO,
  DASHBOARD_DIAS_A_VENCER,
  fromCents,
  GARANTIA_STATUS,
  NIVEL,
  SITUACAO,
  todayInSaoPaulo,
  toCents,
  type IsoDate,
} from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { antecipacao, boleto, empresa, garantia } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { empresaScope, inScope, type EmpresaScope } from '../tenancy/scope.js';
import { countInadimplentes } from '../cobranca/list-inadimplentes.js';
import { cnabResumo } from './cnab-resumo.js';
import { bancoResumo } from './banco-resumo.js';
import { certificadosResumo } from './certificados-resumo.js';
import { webhooksPausadosResumo } from '../integracao/webhooks/webhooks-pausados.js';
import { ultimaVerificacao } from '../ledger/check-ledger.js';
import { totaisARepassar } from '../financeiro/totais-a-repassar.js';

const GARANTIA_LABELS = [...Object.values(GARANTIA_STATUS), 'PRÉ APROVADO'] as const;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const quantidadeValor = (r: { quantidade: number; valor: string }) => ({ quantidade: Number(r.quantidade), valor: fromCents(toCents(r.valor)) });
const sumText = (column: Parameters<typeof sql>[1]) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** Advances EM ANÁLISE in the scope: how many and their Total da Antecipação. */
async function antecipacoesEmAnalise(db: DbOrTx, scope: EmpresaScope) {
  const [r] = await db
    .select({ quantidade: sql<number>`count(*)::int`, valor: sumText(antecipacao.total_antecipacao) })
    .from(antecipacao)
    .where(and(eq(antecipacao.situacao, ANTECIPACAO_SITUACAO.EM_ANALISE), inScope(scope, antecipacao.empresa_id)));
  return quantidadeValor(r);
}

async function resumoUsuario(db: DbOrTx, actor: Actor, scope: EmpresaScope, today: IsoDate) {
  const label = sql<string>`case when ${garantia.status} = ${GARANTIA_STATUS.APROVADO} and ${garantia.libera_boleto} <> 'S' then 'PRÉ APROVADO' else ${garantia.status} end`;
  const porStatus = await db
    .select({ status: label, quantidade: sql<number>`count(*)::int` })
    .from(garantia)
    .where(inScope(scope, garantia.empresa_id))
    // by position: the CASE carries bound parameters, so the same text in GROUP BY would not match it
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const ate = addDays(today, DASHBOARD_DIAS_A_VENCER);
  const [aVencer] = await db
    .select({ quantidade: sql<number>`count(*)::int`, valor: sumText(boleto.valor) })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .where(
      and(
        inScope(scope, garantia.empresa_id),
        sql`${boleto.situacao} in (${list([SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO, SITUACAO.GARANTIDO])})`,
        sql`${boleto.vencimento} between ${today}::date and ${ate}::date`,
      ),
    );
  const [own] = actor.empresa_id == null ? [] : await db.select({ antecipa: empresa.antecipa }).from(empresa).where(eq(empresa.id, actor.empresa_id));
  return {
    perfil: 'usuario' as const,
    garantiasPorStatus: porStatus.map((r) => ({ status: GARANTIA_LABELS.find((l) => l === r.status) ?? GARANTIA_STATUS.PENDENTE, quantidade: Number(r.quantidade) })),
    boletosAVencer: { ...quantidadeValor(aVencer), ate },
    antecipacoesAbertas: own?.antecipa === 'S' ? await antecipacoesEmAnalise(db, scope) : null,
    // the shop's own webhooks paused by failures (issue 28): its users are told here too
    ...(await webhooksPausadosResumo(db, actor.empresa_id == null ? [] : [actor.empresa_id])),
  };
}

async function resumoAdmin(db: Db, scope: EmpresaScope, today: IsoDate) {
  const [pendentes] = await db.select({ n: sql<number>`count(*)::int` }).from(garantia).where(eq(garantia.status, GARANTIA_STATUS.PENDENTE));
  // DOMAIN.md Collections: the people Cobrança > Inadimplentes lists (overdue pending boletos, an
  // acordo's boletos excluded), from its per-person summary (decision 097)
  const inadimplentes = await countInadimplentes(db, today);
  return {
    perfil: 'administrador' as const,
    garantiasEmAnalise: Number(pendentes.n),
    inadimplentes,
    antecipacoesEmAnalise: await antecipacoesEmAnalise(db, scope),
    ...(await cnabResumo(db)),
    ...(await razaoResumo(db)),
    ...(await totaisARepassar(db)),
    ...(await bancoResumo(db)),
    ...(await certificadosResumo(db)),
    ...(await webhooksPausadosResumo(db, null)),
  };
}

/** The last ledger check, when it failed (decision 109): a red card until a check passes again. */
async function razaoResumo(db: Db) {
  const ultima = await ultimaVerificacao(db);
  if (!ultima || ultima.ok) return {};
  return { razao: { verificado_em: ultima.created_at, quantidade_falhas: ultima.quantidade_falhas, falhas: ultima.falhas.slice(0, 5) } };
}

/**
 * GET /api/dashboard/getResumo: Início's cards for the actor's role, every figure counted from real
 * rows. usuario (and franqueado, over its scope): guarantees by status, open boletos due in the
 * next 7 days, advances in analysis (when the empresa advances). administrador: guarantees awaiting
 * analysis, defaulters, advances in analysis, the last remessa/retorno once CNAB records them, the
 * last ledger check while it failed, and from the ledger what is owed to the shops (A repassar) and
 * the advances still to recover.
 */
export async function getResumo(db: Db, actor: Actor, today = todayInSaoPaulo()) {
  const scope = await empresaScope(db, actor);
  return actor.nivel === NIVEL.ADMINISTRADOR ? resumoAdmin(db, scope, today) : resumoUsuario(db, actor, scope, today);
}
