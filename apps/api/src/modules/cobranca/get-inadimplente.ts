import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { diasDeAtraso, fromCents, settlementUpdatedValue, todayInSaoPaulo, toCents, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { acordo, boleto, empresa, garantia, spcInclusao } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { loadBoletoContexts } from '../ledger/boleto-context.js';
import { getPessoa } from '../pessoa/get-pessoa.js';
import { assertAdmin } from '../tenancy/access.js';
import { boletoPendente, telefonesDasPessoas } from './pendentes.js';

/**
 * GET /api/pessoa/getInadimplenteById/{id}: "Novo Acordo" — the person, every pending boleto
 * (overdue first, then by due date) with its latest SPC record, the valor sem juros / valor
 * atualizado of the overdue ones (settlementUpdatedValue, the same function the screen simulates
 * with), the person's acordos and the server's date. A person without pending boletos answers an
 * empty list (the page stays useful after an acordo); an unknown id answers 404.
 */
export async function getInadimplente(db: Db, actor: Actor, id: number, today = todayInSaoPaulo()) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const pessoaJson = await getPessoa(db, actor, id);
  const rows = await db
    .select({
      id: boleto.id,
      digito: boleto.digito,
      garantia_id: garantia.id,
      garantia_digito: garantia.digito,
      empresa: empresa.fantasia,
      parcela: boleto.parcela,
      vencimento: boleto.vencimento,
      valor: boleto.valor,
      situacao: boleto.situacao,
    })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(and(eq(garantia.pessoa_id, id), boletoPendente()))
    .orderBy(asc(boleto.vencimento), asc(boleto.id));
  const spcRows = rows.length
    ? await db
        .select()
        .from(spcInclusao)
        .where(inArray(spcInclusao.boleto_id, rows.map((r) => r.id)))
        .orderBy(desc(spcInclusao.incluido_em), desc(spcInclusao.id))
    : [];
  const latestSpc = new Map<number, (typeof spcRows)[number]>();
  for (const s of spcRows) if (s.boleto_id !== null && !latestSpc.has(s.boleto_id)) latestSpc.set(s.boleto_id, s);

  // what cancelled acordos already paid of each one (the ledger's lines of the boleto)
  const ledger = await loadBoletoContexts(db, rows.map((r) => r.id));
  const anteriores = (boletoId: number) => ledger.get(boletoId)?.position.recuperadoEmAcordos ?? 0;
  const boletos = rows.flatMap((r) => {
    if (!r.situacao) return []; // pendente implies a situação; this tells the compiler
    const s = latestSpc.get(r.id);
    return [
      {
        ...r,
        situacao: r.situacao,
        valor: fromCents(toCents(r.valor)),
        dias_atraso: diasDeAtraso(r.vencimento, today),
        pagamentos_anteriores: fromCents(anteriores(r.id)),
        spc: s
          ? { id: s.id, status: s.status, protocolo: s.protocolo, incluido_em: s.incluido_em, aviso_em: s.aviso_em, inclusao_prevista: s.inclusao_prevista, carta_postada_em: s.carta_postada_em, carta_rastreio: s.carta_rastreio, exclusao_prazo: s.exclusao_prazo, removido_em: s.removido_em }
          : null,
      },
    ];
  });
  const vencidos = rows.filter((r) => r.vencimento < today);
  const updated = vencidos.length
    ? settlementUpdatedValue(vencidos.map((r) => ({ amountCents: toCents(r.valor), dueDate: r.vencimento })), today, vencidos.reduce((sum, r) => sum + anteriores(r.id), 0))
    : null;
  const acordos = await db
    .select({
      id: acordo.id,
      status: acordo.status,
      valor: acordo.valor,
      numero_parcelas: acordo.numero_parcelas,
      ultimo_vencimento: acordo.ultimo_vencimento,
      created_at: acordo.created_at,
    })
    .from(acordo)
    .where(eq(acordo.pessoa_id, id))
    .orderBy(desc(acordo.created_at), desc(acordo.id));
  const telefones = await telefonesDasPessoas(db, [id]);

  return {
    pessoa: pessoaJson,
    telefones: telefones.get(id) ?? [],
    hoje: today,
    boletos,
    totais: updated && {
      valor_sem_juros: fromCents(updated.baseCents),
      multa: fromCents(updated.fineCents),
      juros: fromCents(updated.interestCents),
      taxa: fromCents(updated.feeCents),
      pagamentos_anteriores: fromCents(updated.previousPaymentsCents),
      valor_atualizado: fromCents(updated.updatedCents),
    },
    acordos: acordos.map((a) => ({ ...a, valor: fromCents(toCents(a.valor)) })),
  };
}

