import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDecimalText, fromCents, POLITICA_PADRAO, toCents, type PoliticaRascunhoInput } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { politicaCredito, usuario } from '../../db/schema/index.js';
import { notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { assertAdmin } from '../tenancy/access.js';
import { limitesDe } from './politica-vigente.js';

const MSG_ADMIN = 'Somente administradores gerenciam a política de crédito.';

function selectPoliticas(db: DbOrTx) {
  const criador = alias(usuario, 'criador');
  const editor = alias(usuario, 'editor');
  const publicador = alias(usuario, 'publicador');
  return db
    .select({
      p: politicaCredito,
      criado_por: criador.name,
      atualizado_por: editor.name,
      publicado_por: publicador.name,
      avaliacoes: sql<number>`(select count(*)::int from garantia_avaliacao a where a.politica_id = ${politicaCredito.id})`,
    })
    .from(politicaCredito)
    .innerJoin(criador, eq(criador.id, politicaCredito.criado_por))
    .innerJoin(editor, eq(editor.id, politicaCredito.atualizado_por))
    .leftJoin(publicador, eq(publicador.id, politicaCredito.publicado_por))
    .$dynamic();
}

type Linha = Awaited<ReturnType<ReturnType<typeof selectPoliticas>['execute']>>[number];

const resumo = (r: Linha) => ({
  id: r.p.id,
  versao: r.p.versao,
  status: r.p.status,
  observacao: r.p.observacao,
  criado_por: r.criado_por,
  criado_em: r.p.criado_em,
  atualizado_por: r.atualizado_por,
  atualizado_em: r.p.atualizado_em,
  publicado_por: r.publicado_por,
  publicado_em: r.p.publicado_em,
  substituida_em: r.p.substituida_em,
  avaliacoes: Number(r.avaliacoes),
});

const reais = (c: number | null) => (c === null ? null : fromCents(c));

/** Administração > Política de Crédito: every version, newest first (who and when). */
export async function listPoliticas(db: Db, actor: Actor) {
  assertAdmin(actor, MSG_ADMIN);
  const rows = await selectPoliticas(db).orderBy(desc(politicaCredito.versao));
  return rows.map(resumo);
}

export async function getPolitica(db: Db, actor: Actor, id: number) {
  assertAdmin(actor, MSG_ADMIN);
  const [r] = await selectPoliticas(db).where(eq(politicaCredito.id, id));
  if (!r) throw notFound('Registro');
  const l = limitesDe(r.p);
  return {
    ...resumo(r),
    regras: r.p.regras,
    limites: { boleto: reais(l.boleto_cents), garantia: reais(l.garantia_cents), loja: reais(l.loja_cents), documento: reais(l.documento_cents) },
    liberacao_automatica: r.p.liberacao_automatica,
  };
}

const money = (v: number | null | undefined) => (v == null ? null : centsToDecimalText(toCents(v)));

/**
 * Saves the one draft: updates it while it is RASCUNHO, or creates the next version (the unique
 * partial index refuses a second draft made at the same moment: the loser is told to reload).
 */
export async function salvarRascunho(db: Db, actor: Actor, input: PoliticaRascunhoInput) {
  assertAdmin(actor, MSG_ADMIN);
  const values = {
    regras: input.regras,
    limite_boleto: money(input.limites.boleto),
    limite_garantia: money(input.limites.garantia),
    limite_loja: money(input.limites.loja),
    limite_documento: money(input.limites.documento),
    liberacao_automatica: input.liberacao_automatica,
    observacao: input.observacao?.trim() || null,
    atualizado_por: actor.id,
    atualizado_em: sql`now()`,
  };
  for (const v of ['boleto', 'garantia', 'loja', 'documento'] as const) {
    const x = input.limites[v];
    if (x === 0) throw wrongState('Um limite deve ser maior que zero (deixe em branco para não limitar).');
  }
  try {
    return await db.transaction(async (tx) => {
      const [draft] = await tx.select({ id: politicaCredito.id }).from(politicaCredito).where(eq(politicaCredito.status, 'RASCUNHO')).for('update');
      if (draft) {
        await tx.update(politicaCredito).set(values).where(and(eq(politicaCredito.id, draft.id), eq(politicaCredito.status, 'RASCUNHO')));
        await recordAudit(tx, actor, { action: 'credito.politica.rascunho', entity: 'politica_credito', entityId: draft.id, summary: { ...values, atualizado_em: undefined } });
        return { id: draft.id };
      }
      const [max] = await tx.select({ v: sql<number>`coalesce(max(${politicaCredito.versao}), 0)::int` }).from(politicaCredito);
      const [row] = await tx.insert(politicaCredito).values({ ...values, versao: Number(max.v) + 1, criado_por: actor.id }).returning({ id: politicaCredito.id });
      await recordAudit(tx, actor, { action: 'credito.politica.rascunho', entity: 'politica_credito', entityId: row.id, summary: { ...values, atualizado_em: undefined, versao: Number(max.v) + 1 } });
      return { id: row.id };
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      throw wrongState('Outro administrador criou um rascunho ao mesmo tempo. Atualize a tela.');
    }
    throw e;
  }
}

export async function descartarRascunho(db: Db, actor: Actor, id: number) {
  assertAdmin(actor, MSG_ADMIN);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(politicaCredito).where(and(eq(politicaCredito.id, id), eq(politicaCredito.status, 'RASCUNHO'))).returning({ versao: politicaCredito.versao });
    if (!row) {
      const [cur] = await tx.select({ status: politicaCredito.status }).from(politicaCredito).where(eq(politicaCredito.id, id));
      if (!cur) throw notFound('Registro');
      throw wrongState('Esta versão já foi publicada e não pode ser descartada.');
    }
    await recordAudit(tx, actor, { action: 'credito.politica.descartar', entity: 'politica_credito', entityId: id, summary: { versao: row.versao } });
  });
}

/**
 * Publishes the draft in one transaction: the published version becomes SUBSTITUIDA and the draft
 * PUBLICADA. The guarded UPDATE (status = 'RASCUNHO') makes a second publish of the same draft a
 * 409; the unique partial index on PUBLICADA makes two versions published at once impossible.
 */
export async function publicarPolitica(db: Db, actor: Actor, id: number) {
  assertAdmin(actor, MSG_ADMIN);
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(politicaCredito).where(eq(politicaCredito.id, id)).for('update');
    if (!draft) throw notFound('Registro');
    if (draft.status !== 'RASCUNHO') throw wrongState(`A versão ${draft.versao} já foi publicada. Atualize a tela.`);
    // lock the published row too, so two publishes serialise here
    const [anterior] = await tx.select({ id: politicaCredito.id, versao: politicaCredito.versao }).from(politicaCredito).where(eq(politicaCredito.status, 'PUBLICADA')).for('update');
    if (anterior) await tx.update(politicaCredito).set({ status: 'SUBSTITUIDA', substituida_em: sql`now()` }).where(eq(politicaCredito.id, anterior.id));
    const [row] = await tx
      .update(politicaCredito)
      .set({ status: 'PUBLICADA', publicado_por: actor.id, publicado_em: sql`now()` })
      .where(and(eq(politicaCredito.id, id), eq(politicaCredito.status, 'RASCUNHO')))
      .returning({ id: politicaCredito.id, versao: politicaCredito.versao });
    if (!row) throw wrongState('A versão já foi publicada. Atualize a tela.');
    await recordAudit(tx, actor, { action: 'credito.politica.publicar', entity: 'politica_credito', entityId: id, summary: { versao: row.versao, substituiu: anterior?.versao ?? null } });
    return row;
  });
}

/** The demo seed's default policy, published by the seed's administrador (docs/credito.md). */
export async function publicarPoliticaPadrao(db: Db, actor: Actor) {
  const { regras, limites, liberacao_automatica } = POLITICA_PADRAO;
  const r = (c: number | null) => (c === null ? null : fromCents(c));
  const { id } = await salvarRascunho(db, actor, {
    regras,
    limites: { boleto: r(limites.boleto_cents), garantia: r(limites.garantia_cents), loja: r(limites.loja_cents), documento: r(limites.documento_cents) },
    liberacao_automatica,
    observacao: 'Política padrão da demonstração',
  });
  return publicarPolitica(db, actor, id);
}
