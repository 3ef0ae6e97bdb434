import { alias } from 'drizzle-orm/pg-core';
import { asc, eq } from 'drizzle-orm';
import { fromCents, PARCELA_SITUACAO, toCents, COBRANCA_MSG } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { acordo, acordoBoleto, acordoParcela, boleto, empresa, garantia, pessoa, usuario } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

const money = (v: string) => fromCents(toCents(v));

/** GET /api/acordo/getById/{id}: the acordo (spec §3 Settlement) with its plan and the boletos it replaced. */
export async function getAcordo(db: DbOrTx, actor: Actor, id: number) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const criador = alias(usuario, 'criador');
  const cancelador = alias(usuario, 'cancelador');
  const [a] = await db
    .select({
      acordo,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
      usuario: criador.name,
      usuario_cancelamento: cancelador.name,
    })
    .from(acordo)
    .innerJoin(pessoa, eq(pessoa.id, acordo.pessoa_id))
    .innerJoin(criador, eq(criador.id, acordo.user_id))
    .leftJoin(cancelador, eq(cancelador.id, acordo.user_cancelamento_id))
    .where(eq(acordo.id, id));
  if (!a) throw notFound('Acordo');
  const pagador = alias(usuario, 'pagador');
  const parcelas = await db
    .select({
      id: acordoParcela.id,
      acordo_id: acordoParcela.acordo_id,
      parcela: acordoParcela.parcela,
      vencimento: acordoParcela.vencimento,
      valor: acordoParcela.valor,
      situacao: acordoParcela.situacao,
      pago_em: acordoParcela.pago_em,
      pago_por: pagador.name,
    })
    .from(acordoParcela)
    .leftJoin(pagador, eq(pagador.id, acordoParcela.pago_por))
    .where(eq(acordoParcela.acordo_id, id))
    .orderBy(asc(acordoParcela.parcela));
  const boletos = await db
    .select({
      id: boleto.id,
      digito: boleto.digito,
      garantia_id: garantia.id,
      garantia_digito: garantia.digito,
      empresa: empresa.fantasia,
      parcela: boleto.parcela,
      vencimento: acordoBoleto.vencimento,
      valor: acordoBoleto.valor,
      dias_atraso: acordoBoleto.dias_atraso,
      situacao_anterior: acordoBoleto.situacao_anterior,
      situacao: boleto.situacao,
    })
    .from(acordoBoleto)
    .innerJoin(boleto, eq(boleto.id, acordoBoleto.boleto_id))
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .where(eq(acordoBoleto.acordo_id, id))
    .orderBy(asc(acordoBoleto.vencimento), asc(boleto.id));
  const r = a.acordo;
  const totalPagoCents = parcelas.filter((p) => p.situacao === PARCELA_SITUACAO.PAGA).reduce((s, p) => s + toCents(p.valor), 0);
  return {
    id: r.id,
    descricao: r.descricao,
    status: r.status,
    pessoa_id: r.pessoa_id,
    nome_razao: a.nome_razao,
    cpf_cnpj: a.cpf_cnpj,
    valor: money(r.valor),
    desconto: money(r.desconto),
    valor_sem_juros: money(r.valor_sem_juros),
    multa: money(r.multa),
    juros: money(r.juros),
    taxa: money(r.taxa),
    valor_atualizado: money(r.valor_atualizado),
    valor_entrada: money(r.valor_entrada),
    numero_parcelas: r.numero_parcelas,
    ultimo_vencimento: r.ultimo_vencimento,
    data_simulacao: r.data_simulacao,
    total_pago: fromCents(totalPagoCents),
    user_id: r.user_id,
    usuario: a.usuario,
    created_at: r.created_at,
    ativado_em: r.ativado_em,
    quitado_em: r.quitado_em,
    data_cancelamento: r.data_cancelamento,
    user_cancelamento_id: r.user_cancelamento_id,
    usuario_cancelamento: a.usuario_cancelamento,
    parcelas: parcelas.map((p) => ({ ...p, valor: money(p.valor) })),
    // a covered boleto always has a situação (it was open when the acordo was made)
    boletos: boletos.map((b) => ({ ...b, situacao: b.situacao ?? b.situacao_anterior, valor: money(b.valor) })),
  };
}
