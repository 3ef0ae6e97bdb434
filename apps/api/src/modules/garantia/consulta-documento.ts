import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  fromCents,
  GARANTIA_MSG,
  garantiaContracts,
  LOOKUP_RESTRICTED_STATUS,
  type ConsultaDocumentoInput,
  type ContractReply,
} from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db, Tx } from '../../db/client.js';
import { consultaDocumento, pessoa, pessoaVisao } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { postConsulta } from '../ledger/post-servicos.js';
import { politicaPublicada } from '../credito/politica-vigente.js';
import { tipoPessoa } from '../pessoa/pessoa-access.js';
import { dadosColumns, dadosJson } from '../../shared/pessoa-dados.js';
import { openExposureCents, requestingEmpresa } from './garantia-empresa.js';
import { limitText, lookupRestrictionsHtml } from './html.js';
import { documentRestrictions } from './lookup-rules.js';

export const LOOKUP_MOTIVO = 'solicitacao_garantia';

/**
 * A shop that repeats the lookup of a document within this many minutes of its billed one (a
 * reload, a second tab, the operator checking again) is not billed again: the billed row is reused
 * (decision 111).
 */
export const CONSULTA_REUSO_MINUTOS = 30;

/**
 * status 200 or 900, obj (pessoa_id, and the person to pre-fill step 2), consulta (HTML of the
 * restrictions) and the Loja the request is for, with its instalment maximum (step 3 offers
 * 2..qtd_max_parcelas).
 */
export type ConsultaDocumentoResult = ContractReply<typeof garantiaContracts.consultaDocumento>;

/**
 * POST /api/garantia/consultaDocumento (wizard step 1). Asks the bureau for the document's
 * restrictions, then applies the empresa's limite_cpf_cnpj against the document's current exposure.
 * Who decides on a restriction: with a published credit policy, its evaluator at submission (issue
 * 29, docs/credito.md "A restrição na CONSULTA") — the lookup answers 200 with the bureau's findings
 * in `consulta` and the spec's restriction text in `msg`, so the operator sees them and the request
 * goes on to the policy; with none published, the lookup itself refuses with 900 (spec §4). Every lookup is recorded in
 * consulta_documento (who, when, for which empresa, why, outcome) — refused ones included, since
 * they are billed as consultas too. A person the requesting Loja already knows is answered in obj
 * (pessoa_id, and that Loja's own view to pre-fill step 2); a person known only to other shops is
 * answered as unknown — neither its id nor anything another shop typed (decision 104).
 * The rules are evaluated again on every lookup (a restriction may have appeared since), but a
 * repeat within CONSULTA_REUSO_MINUTOS counts on the billed row instead of adding a row and a charge;
 * a lock per shop and document makes concurrent repeats find each other (decision 111).
 */
export async function consultaDocumentoUseCase(db: Db, bureau: BureauAdapter, actor: Actor, input: ConsultaDocumentoInput): Promise<ConsultaDocumentoResult> {
  const documento = input.documento;
  const empresa = await requestingEmpresa(db, actor, input.empresa_id);
  const outcome = await db.transaction(async (tx) => {
    // one lookup at a time per shop and document: a concurrent repeat waits and then finds this one's row
    await tx.execute(sql`select pg_advisory_xact_lock(727140, hashtext(${`${empresa.id}:${documento}`}))`);
    const restricoes = await documentRestrictions(tx, bureau, documento);
    // a published policy decides on restrictions itself: the lookup only reports them
    const refusesRestricted = (await politicaPublicada(tx)) === null;
    // the asking Loja's own view only: never another shop's data, nor whether another shop knows the person
    const [known] = await tx
      .select({ id: pessoa.id, tipo_pessoa: pessoa.tipo_pessoa, cpf_cnpj: pessoa.cpf_cnpj, ...dadosColumns(pessoaVisao) })
      .from(pessoa)
      .innerJoin(pessoaVisao, and(eq(pessoaVisao.pessoa_id, pessoa.id), eq(pessoaVisao.empresa_id, empresa.id)))
      .where(eq(pessoa.cpf_cnpj, documento));
    const exposure = await openExposureCents(tx, empresa.id, documento);
    const refused = refusesRestricted && restricoes.length > 0;
    const overLimit = !refused && empresa.limite_cpf_cnpj_cents !== null && exposure >= empresa.limite_cpf_cnpj_cents;
    const status = refused ? LOOKUP_RESTRICTED_STATUS : overLimit ? 409 : 200;
    const detalhe = { restricoes, exposicao: fromCents(exposure), limite_cpf_cnpj: empresa.limite_cpf_cnpj_cents === null ? null : fromCents(empresa.limite_cpf_cnpj_cents) };
    const repeated = await countRepeat(tx, empresa.id, documento);
    if (!repeated) {
      const [consulta] = await tx
        .insert(consultaDocumento)
        .values({ cpf_cnpj: documento, usuario_id: actor.id, empresa_id: empresa.id, motivo: LOOKUP_MOTIVO, status, detalhe })
        .returning({ id: consultaDocumento.id, created_at: consultaDocumento.created_at });
      // billed at the shop's valor_consulta, in the same transaction (decision 109)
      await postConsulta(tx, { consultaId: consulta.id, empresaId: empresa.id, createdAt: consulta.created_at });
    }
    return { restricoes, known, pessoaId: known?.id ?? null, exposure, status };
  });

  if (outcome.status === 409) {
    // recorded above (committed), then refused: the wizard shows title and msg (spec §8)
    throw new AppError('CONFLICT', `O cliente já possui ${limitText(outcome.exposure)} em garantias abertas nesta loja, o limite por CPF/CNPJ é ${limitText(empresa.limite_cpf_cnpj_cents!)}.`, {
      extra: { title: 'Limite por CPF/CNPJ atingido' },
    });
  }
  const loja = { id: empresa.id, fantasia: empresa.fantasia, qtd_max_parcelas: empresa.qtd_max_parcelas };
  const k = outcome.known;
  const obj = { pessoa_id: outcome.pessoaId, pessoa: k ? { id: k.id, tipo_pessoa: tipoPessoa(k.tipo_pessoa), cpf_cnpj: k.cpf_cnpj, ...dadosJson(k) } : null };
  if (outcome.status === LOOKUP_RESTRICTED_STATUS) {
    return { status: LOOKUP_RESTRICTED_STATUS, msg: GARANTIA_MSG.restrictedText, obj: { pessoa_id: outcome.pessoaId, pessoa: null }, consulta: lookupRestrictionsHtml(documento, outcome.restricoes), empresa: loja };
  }
  if (outcome.restricoes.length) {
    // what the bureau said, for the operator; the outcome is the policy's at submission
    return { status: 200, msg: `${GARANTIA_MSG.restrictedText} ${GARANTIA_MSG.restrictedPolicyDecides}`, obj, consulta: lookupRestrictionsHtml(documento, outcome.restricoes), empresa: loja };
  }
  return { status: 200, msg: 'Nenhuma restrição encontrada.', obj, consulta: '', empresa: loja };
}

/**
 * The shop's billed lookup of this document within the last CONSULTA_REUSO_MINUTOS, if any, with
 * the repeat counted on it; false when this lookup is to be recorded and billed. The window runs
 * from the billed lookup (not from the last repeat), so a shop checking every few minutes is
 * billed once per half hour.
 */
async function countRepeat(tx: Tx, empresaId: number, documento: string): Promise<boolean> {
  const [recent] = await tx
    .select({ id: consultaDocumento.id })
    .from(consultaDocumento)
    .where(and(
      eq(consultaDocumento.empresa_id, empresaId),
      eq(consultaDocumento.cpf_cnpj, documento),
      eq(consultaDocumento.motivo, LOOKUP_MOTIVO),
      gt(consultaDocumento.created_at, sql`now() - make_interval(mins => ${CONSULTA_REUSO_MINUTOS})`),
    ))
    .orderBy(desc(consultaDocumento.created_at))
    .limit(1);
  if (!recent) return false;
  await tx
    .update(consultaDocumento)
    .set({ repeticoes: sql`${consultaDocumento.repeticoes} + 1`, ultima_repeticao_em: sql`clock_timestamp()` })
    .where(eq(consultaDocumento.id, recent.id));
  return true;
}
