import { eq, sql } from 'drizzle-orm';
import { NIVEL, toCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { invalid, notFound, wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';

export type RequestingEmpresa = {
  id: number;
  fantasia: string;
  qtd_max_parcelas: number;
  limite_cpf_cnpj_cents: number | null;
  limite_boleto_cents: number | null;
};

/**
 * For which Loja a guarantee is requested (docs/decisions/020): an usuario or a franqueado for its
 * own empresa (a franqueado's franchisees are read only, DOMAIN.md); an administrador must choose
 * one (step 1's Loja field). A blocked empresa cannot request guarantees.
 */
export async function requestingEmpresa(db: DbOrTx, actor: Pick<Actor, 'nivel' | 'empresa_id'>, chosen: number | undefined): Promise<RequestingEmpresa> {
  let id: number;
  if (actor.nivel === NIVEL.ADMINISTRADOR) {
    if (!chosen) throw invalid({ empresa_id: 'Campo obrigatório' }, 'Selecione a Loja para a qual a garantia será solicitada.');
    id = chosen;
  } else {
    if (actor.empresa_id == null) throw notFound('Empresa');
    if (chosen && chosen !== actor.empresa_id) throw notFound('Empresa');
    id = actor.empresa_id;
  }
  const [row] = await db.select().from(empresa).where(eq(empresa.id, id));
  if (!row) throw notFound('Empresa');
  if (row.situacao !== 'ATIVA') throw wrongState('A empresa está bloqueada e não pode solicitar garantias.');
  return {
    id: row.id,
    fantasia: row.fantasia,
    qtd_max_parcelas: row.qtd_max_parcelas,
    limite_cpf_cnpj_cents: row.limite_cpf_cnpj == null ? null : toCents(row.limite_cpf_cnpj),
    limite_boleto_cents: row.limite_boleto == null ? null : toCents(row.limite_boleto),
  };
}

/**
 * Open guaranteed value of a document at one empresa (the limite_cpf_cnpj base): boletos of its
 * PENDENTE or APROVADO guarantees not yet released, or released and still expected to be paid.
 */
export async function openExposureCents(db: DbOrTx, empresaId: number, documento: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(b.valor), 0)::text as total
      from boleto b join garantia g on g.id = b.garantia_id join pessoa p on p.id = g.pessoa_id
     where g.empresa_id = ${empresaId} and p.cpf_cnpj = ${documento}
       and g.status in ('PENDENTE', 'APROVADO')
       and (b.situacao is null or b.situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO'))
  `);
  const row = (result as { rows: { total: string }[] }).rows[0];
  return toCents(row?.total ?? '0');
}

