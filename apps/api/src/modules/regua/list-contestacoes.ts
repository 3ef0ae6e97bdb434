import { fromCents, toCents } from '@bg/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { paged, pageWindow } from '../../shared/paging.js';
import { assertAdmin } from '../tenancy/access.js';
import { CONTESTACAO_SO_ADMIN } from './contestar-boleto.js';
import { rowsOf } from './regua-sql.js';

type Row = {
  id: number; boleto_id: number; garantia_id: number; parcela: number; vencimento: string; valor: string; pessoa_nome: string; loja: string;
  motivo: string; aberta_por: string | null; aberta_em: Date | string; encerrada_por: string | null; encerrada_em: Date | string | null; encerramento: string | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** GET /api/regua/contestacoes (administrador): open or closed contestations, newest first. */
export async function listContestacoes(db: DbOrTx, actor: Actor, q: { page: number; per_page: number; situacao: 'abertas' | 'encerradas' }) {
  assertAdmin(actor, CONTESTACAO_SO_ADMIN);
  const { page, perPage, offset } = pageWindow({ page: q.page, per_page: q.per_page });
  const where = q.situacao === 'abertas' ? sql`c.encerrada_em is null` : sql`c.encerrada_em is not null`;
  const [{ n }] = await rowsOf<{ n: string | number }>(db, sql`select count(*) as n from boleto_contestacao c where ${where}`);
  const rows = await rowsOf<Row>(
    db,
    sql`select c.id, c.boleto_id, b.garantia_id, b.parcela, b.vencimento::text as vencimento, b.valor, p.nome_razao as pessoa_nome, e.fantasia as loja,
          c.motivo, ua.name as aberta_por, c.aberta_em, ue.name as encerrada_por, c.encerrada_em, c.encerramento
        from boleto_contestacao c
        join boleto b on b.id = c.boleto_id
        join garantia g on g.id = b.garantia_id
        join pessoa p on p.id = g.pessoa_id
        join empresa e on e.id = b.empresa_id
        left join usuario ua on ua.id = c.aberta_por
        left join usuario ue on ue.id = c.encerrada_por
        where ${where}
        order by c.aberta_em desc, c.id desc
        limit ${perPage} offset ${offset}`,
  );
  return paged(
    rows.map((r) => ({ ...r, id: Number(r.id), boleto_id: Number(r.boleto_id), garantia_id: Number(r.garantia_id), valor: fromCents(toCents(r.valor)), aberta_em: asDate(r.aberta_em), encerrada_em: r.encerrada_em ? asDate(r.encerrada_em) : null })),
    Number(n),
    page,
    perPage,
  );
}
