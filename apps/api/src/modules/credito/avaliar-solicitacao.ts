import { and, eq, isNull, sql } from 'drizzle-orm';
import { avaliarPolitica, idadeEm, todayInSaoPaulo, toCents, type Avaliacao, type CodigoRestricao, type EntradasAvaliacao } from '@bg/domain';
import type { BureauAdapter, ResultadoAnalitica, ResultadoRestritiva } from '../../adapters/bureau/bureau.js';
import type { DbOrTx } from '../../db/client.js';
import { boleto, garantia, garantiaAvaliacao } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { changeSituacao } from '../boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../boletos/issue-boletos-on-release.js';
import { emitirEvento } from '../eventos/emitir-evento.js';
import { exposicaoDocumentoCents, exposicaoLojaCents, lockLoja } from './exposicao.js';
import type { PoliticaPublicada } from './politica-vigente.js';

export type Solicitacao = {
  documento: string;
  tipo_pessoa: 'F' | 'J';
  empresa_id: number;
  data_nascimento: string | null;
  renda: string | null;
  parcelas_cents: number[];
};

export type AvaliacaoCalculada = { avaliacao: Avaliacao; entradas: EntradasAvaliacao; restritiva: ResultadoRestritiva; analitica: ResultadoAnalitica | null };

/**
 * Gathers every input of the evaluation inside the request's transaction — after the person row
 * was locked (the document's lock: two requests for one CPF/CNPJ in any shops are evaluated one
 * after the other, so the limit across shops holds), with the shop's advisory lock when the policy
 * has a shop limit — and runs the policy's evaluator.
 */
export async function avaliarSolicitacao(tx: DbOrTx, bureau: BureauAdapter, politica: PoliticaPublicada, s: Solicitacao): Promise<AvaliacaoCalculada> {
  if (politica.limites.loja_cents !== null) await lockLoja(tx, s.empresa_id);
  const renda_cents = s.renda === null ? null : toCents(s.renda);
  const restritiva = await bureau.restritiva(tx, s.documento);
  let analitica: ResultadoAnalitica | null = null;
  try {
    analitica = await bureau.analitica(tx, s.documento, { renda_cents });
  } catch {
    analitica = null; // no score: the policy sends the request to analysis (SEM_SCORE)
  }
  const entradas: EntradasAvaliacao = {
    tipo_pessoa: s.tipo_pessoa,
    restricoes: restritiva.restrito ? restritiva.itens.map((i) => i.codigo as CodigoRestricao) : [],
    score: analitica?.score ?? null,
    idade: s.tipo_pessoa === 'F' && s.data_nascimento ? idadeEm(s.data_nascimento, todayInSaoPaulo()) : null,
    renda_cents,
    parcelas_cents: s.parcelas_cents,
    exposicao_documento_cents: await exposicaoDocumentoCents(tx, s.documento),
    exposicao_loja_cents: politica.limites.loja_cents !== null ? await exposicaoLojaCents(tx, s.empresa_id) : 0,
  };
  return { avaliacao: avaliarPolitica(politica, entradas), entradas, restritiva, analitica };
}

/**
 * Stores the evaluation of a just-created PENDENTE guarantee and applies its outcome in the same
 * transaction: APROVAR → APROVADO (and released when the policy says so), NEGAR → NÃO AUTORIZADO
 * with its boletos cancelled, ANALISAR → stays PENDENTE in the analysts' queue. decidido_por stays
 * NULL: the decision was automatic.
 */
export async function aplicarAvaliacao(tx: DbOrTx, actor: Actor, garantiaId: number, empresaId: number, politica: PoliticaPublicada, calc: AvaliacaoCalculada) {
  const { avaliacao } = calc;
  await tx.insert(garantiaAvaliacao).values({
    garantia_id: garantiaId,
    politica_id: politica.id,
    versao: politica.versao,
    resultado: avaliacao.resultado,
    motivos: avaliacao.aplicadas,
    entradas: { ...calc.entradas, bureau: { restritiva: calc.restritiva, analitica: calc.analitica }, limites: politica.limites },
  });
  if (avaliacao.resultado === 'APROVAR') {
    const libera = politica.liberacao_automatica;
    await tx
      .update(garantia)
      .set({ status: 'APROVADO', decidido_em: sql`now()`, updated_at: sql`now()`, ...(libera ? { libera_boleto: 'S', liberado_em: sql`now()` } : {}) })
      .where(and(eq(garantia.id, garantiaId), eq(garantia.status, 'PENDENTE')));
    await emitirEvento(tx, 'garantia', { tipo: 'garantia.aprovada', recursoId: garantiaId, empresaId, dados: { automatica: true, versao: politica.versao } });
    if (libera) {
      await issueBoletosOnRelease(tx, garantiaId, actor);
      await emitirEvento(tx, 'garantia', { tipo: 'boletos.liberados', recursoId: garantiaId, empresaId });
    }
  } else if (avaliacao.resultado === 'NEGAR') {
    const observacao = `Negada automaticamente pela política de crédito (versão ${politica.versao}): ${avaliacao.motivos.map((m) => m.texto).join(' ')}`;
    await tx
      .update(garantia)
      .set({ status: 'NÃO AUTORIZADO', motivo: 'Outro', observacao, decidido_em: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(garantia.id, garantiaId), eq(garantia.status, 'PENDENTE')));
    const boletos = await tx.select({ id: boleto.id }).from(boleto).where(and(eq(boleto.garantia_id, garantiaId), isNull(boleto.situacao))).orderBy(boleto.parcela);
    for (const b of boletos) await changeSituacao(tx, b.id, 'cancelarNaoLiberado', actor, 'Garantia não autorizada pela política de crédito');
    await emitirEvento(tx, 'garantia', { tipo: 'garantia.negada', recursoId: garantiaId, empresaId, dados: { motivo: 'Outro', observacao, automatica: true } });
  }
}
