import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { fromCents, mesRange, toCents, type ParcelaSituacao, COBRANCA_MSG } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { acordo, acordoParcela, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import { assertAdmin } from '../tenancy/access.js';

export type ListAcordosInput = { page: number; per_page: number; mes?: string; situacao?: ParcelaSituacao; pesquisa?: string };

/**
 * GET /api/acordo/getAll: the Acordos screen lists instalments (Vencimento, Pessoa, Cpf/Cnpj,
 * Parcela n/total, Valor, Situação, Ação), by due date, filtered by the month of the due date, the
 * instalment's situação and the person's name or document.
 */
export async function listAcordos(db: Db, actor: Actor, input: ListAcordosInput) {
  assertAdmin(actor, COBRANCA_MSG.somenteAdministrador);
  const range = input.mes ? mesRange(input.mes) : null;
  const query = db
    .select({
      id: acordoParcela.id,
      acordo_id: acordo.id,
      parcela: acordoParcela.parcela,
      numero_parcelas: acordo.numero_parcelas,
      vencimento: acordoParcela.vencimento,
      valor: acordoParcela.valor,
      situacao: acordoParcela.situacao,
      pago_em: acordoParcela.pago_em,
      acordo_status: acordo.status,
      pessoa_id: pessoa.id,
      nome_razao: pessoa.nome_razao,
      cpf_cnpj: pessoa.cpf_cnpj,
    })
    .from(acordoParcela)
    .innerJoin(acordo, eq(acordo.id, acordoParcela.acordo_id))
    .innerJoin(pessoa, eq(pessoa.id, acordo.pessoa_id))
    .where(
      and(
        range ? and(gte(acordoParcela.vencimento, range.inicio), lt(acordoParcela.vencimento, range.fim)) : undefined,
        input.situacao ? eq(acordoParcela.situacao, input.situacao) : undefined,
        textSearch(input.pesquisa, { text: [pessoa.nome_razao], digits: [pessoa.cpf_cnpj], protocolo: acordo.id }),
      ),
    )
    .$dynamic();
  return pagedSelect(
    db,
    query,
    { ...input, orderBy: [asc(acordoParcela.vencimento), asc(acordo.id), asc(acordoParcela.parcela)] },
    (r) => ({ ...r, valor: fromCents(toCents(r.valor)) }),
  );
}
