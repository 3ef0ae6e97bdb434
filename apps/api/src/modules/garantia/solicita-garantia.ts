import { eq, sql } from 'drizzle-orm';
import {
  centsToDecimalText,
  GARANTIA_MSG,
  LOOKUP_RESTRICTED_STATUS,
  formatProtocol,
  protocolCheckDigit,
  sumCents,
  toCents,
  type SolicitaGarantiaInput,
} from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db } from '../../db/client.js';
import { boleto, garantia, garantiaPessoa, pessoa, pessoaVisao } from '../../db/schema/index.js';
import { invalid } from '../../errors/app-error.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Actor } from '../../shared/actor.js';
import { dadosFromInput } from '../../shared/pessoa-dados.js';
import { openExposureCents, requestingEmpresa } from './garantia-empresa.js';
import { limitText, lookupRestrictionsHtml } from './html.js';
import { documentRestrictions } from './lookup-rules.js';
import { aplicarAvaliacao, avaliarSolicitacao, type AvaliacaoCalculada } from '../credito/avaliar-solicitacao.js';
import { politicaPublicada } from '../credito/politica-vigente.js';
import type { Avaliacao } from '@bg/domain';

export type SolicitaGarantiaResult =
  | { status: 200; data: { id: number; digito: number; protocolo: string; pessoa_id: number; avaliacao: Pick<Avaliacao, 'versao' | 'resultado' | 'motivos'> | null } }
  | { status: typeof LOOKUP_RESTRICTED_STATUS; consulta: string };

/**
 * POST /api/garantia/solicitaGarantia, in one transaction: re-checks what the wizard checked that
 * needs the database (the empresa's qtd_max_parcelas, limits and state; the lookup rules, since
 * the document may have gained a restriction after step 1), creates the person when the document
 * is new (its identity: document, kind, name, birth date), writes what was typed to the requesting
 * Loja's view of the person — never to another shop's (decision 104) — and creates the guarantee
 * PENDENTE with the snapshot of the typed data, its digito and one boleto per instalment.
 * Concurrency: the person row is upserted first, which locks it, so two requests for the same
 * document check the limite_cpf_cnpj one after the other.
 */
export async function solicitaGarantia(db: Db, bureau: BureauAdapter, actor: Actor, input: SolicitaGarantiaInput): Promise<SolicitaGarantiaResult> {
  const empresa = await requestingEmpresa(db, actor, input.empresa_id);
  if (input.qtd_titulos > empresa.qtd_max_parcelas) throw invalid({ qtd_titulos: GARANTIA_MSG.maxParcelas(empresa.qtd_max_parcelas) });
  const valores = input.titulos.map((t) => toCents(t.valor));
  if (empresa.limite_boleto_cents !== null) {
    const errors: Record<string, string> = {};
    valores.forEach((v, i) => {
      if (v > empresa.limite_boleto_cents!) errors[`titulos.${i}.valor`] = `O valor máximo por boleto desta loja é ${limitText(empresa.limite_boleto_cents!)}`;
    });
    if (Object.keys(errors).length) throw invalid(errors, `O valor máximo por boleto desta loja é ${limitText(empresa.limite_boleto_cents)}.`);
  }

  return db.transaction(async (tx) => {
    // with a published credit policy its evaluator decides, restrictions included: nothing here
    // refuses a restricted document (docs/credito.md); without one, as the spec had it before
    // policies: a restricted document is refused (900) and the rest goes to analysis
    const politica = await politicaPublicada(tx);
    const restricoes = politica ? [] : await documentRestrictions(tx, bureau, input.cpf_cnpj);
    if (restricoes.length) return { status: LOOKUP_RESTRICTED_STATUS, consulta: lookupRestrictionsHtml(input.cpf_cnpj, restricoes) };

    const isCnpj = input.cpf_cnpj.length === 14;
    const dados = dadosFromInput(input, isCnpj);
    const [before] = await tx.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.cpf_cnpj, input.cpf_cnpj));
    // a known document keeps its identity (a differing name or birth date stays in this Loja's
    // view); the no-op update locks the row
    const [p] = await tx
      .insert(pessoa)
      .values({ cpf_cnpj: input.cpf_cnpj, tipo_pessoa: isCnpj ? 'J' : 'F', nome_razao: dados.nome_razao, data_nascimento: dados.data_nascimento })
      .onConflictDoUpdate({ target: pessoa.cpf_cnpj, set: { updated_at: sql`${pessoa.updated_at}` } })
      .returning({ id: pessoa.id });
    const [visao] = await tx
      .insert(pessoaVisao)
      .values({ pessoa_id: p.id, empresa_id: empresa.id, ...dados })
      .onConflictDoUpdate({ target: [pessoaVisao.pessoa_id, pessoaVisao.empresa_id], set: { ...dados, updated_at: sql`now()` } })
      .returning({ created: sql<boolean>`xmax = 0` });

    if (empresa.limite_cpf_cnpj_cents !== null) {
      const exposure = await openExposureCents(tx, empresa.id, input.cpf_cnpj);
      const total = sumCents(valores);
      if (exposure + total > empresa.limite_cpf_cnpj_cents) {
        const disponivel = Math.max(0, empresa.limite_cpf_cnpj_cents - exposure);
        const msg = `O total das parcelas (${limitText(total)}) excede o limite disponível para este CPF/CNPJ nesta loja (${limitText(disponivel)}).`;
        throw invalid({ titulos: msg }, msg);
      }
    }

    let calc: AvaliacaoCalculada | null = null;
    if (politica) {
      calc = await avaliarSolicitacao(tx, bureau, politica, {
        documento: input.cpf_cnpj, tipo_pessoa: isCnpj ? 'J' : 'F', empresa_id: empresa.id,
        data_nascimento: dados.data_nascimento, renda: dados.renda, parcelas_cents: valores,
      });
    }

    const [g] = await tx
      .insert(garantia)
      .values({ digito: 0, empresa_id: empresa.id, usuario_id: actor.id, pessoa_id: p.id, status: 'PENDENTE', qtd_titulo: input.qtd_titulos })
      .returning({ id: garantia.id });
    const digito = protocolCheckDigit(g.id);
    await tx.update(garantia).set({ digito }).where(eq(garantia.id, g.id));
    await tx.insert(garantiaPessoa).values({ garantia_id: g.id, ...dados, origem: 'solicitacao' });
    for (const [i, t] of input.titulos.entries()) {
      const [b] = await tx
        .insert(boleto)
        .values({ digito: 0, garantia_id: g.id, empresa_id: empresa.id, parcela: t.parcela, valor: centsToDecimalText(valores[i]), vencimento: t.vencimento })
        .returning({ id: boleto.id });
      await tx.update(boleto).set({ digito: protocolCheckDigit(b.id) }).where(eq(boleto.id, b.id));
    }
    if (politica && calc) await aplicarAvaliacao(tx, actor, g.id, empresa.id, politica, calc);
    const avaliacao = calc ? { versao: calc.avaliacao.versao, resultado: calc.avaliacao.resultado, motivos: calc.avaliacao.motivos } : null;
    await recordAudit(tx, actor, {
      action: 'garantia.solicitar',
      entity: 'garantia',
      entityId: g.id,
      summary: { empresa_id: empresa.id, pessoa_id: p.id, pessoa: before ? 'conhecida' : 'criada', visao: visao.created ? 'criada' : 'atualizada', qtd_titulos: input.qtd_titulos, total: centsToDecimalText(sumCents(valores)), ...(avaliacao ? { politica_versao: avaliacao.versao, resultado: avaliacao.resultado } : {}) },
    });
    return { status: 200, data: { id: g.id, digito, protocolo: formatProtocol(g.id, digito), pessoa_id: p.id, avaliacao } };
  });
}
