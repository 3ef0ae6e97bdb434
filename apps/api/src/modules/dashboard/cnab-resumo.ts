import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { fromCents, toCents, type ContractReply, type dashboardContracts } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { remessa, retorno } from '../../db/schema/index.js';

type ResumoAdmin = Extract<ContractReply<typeof dashboardContracts.getResumo>['data'], { perfil: 'administrador' }>;
export type CnabResumo = Pick<ResumoAdmin, 'ultimaRemessa' | 'ultimoRetorno'>;

const money = (v: string) => fromCents(toCents(v));

/**
 * The administrador's "última remessa" and "último retorno" cards of Início (filled by the CNAB
 * feature, docs/cnab.md): the newest remessa generated and the retorno applied last. A card whose
 * table has no row yet is left out of the answer — never a made-up figure.
 */
export async function cnabResumo(db: DbOrTx): Promise<CnabResumo> {
  const [rem] = await db.select().from(remessa).where(isNotNull(remessa.file_id)).orderBy(desc(remessa.created_at), desc(remessa.id)).limit(1);
  const [ret] = await db.select().from(retorno).where(and(eq(retorno.status, 'PROCESSADO'), eq(retorno.origem, 'ARQUIVO'))).orderBy(desc(retorno.aplicado_em), desc(retorno.id)).limit(1);
  return {
    ...(rem && {
      ultimaRemessa: {
        id: rem.id,
        created_at: rem.created_at,
        quantidade_entrada: rem.quantidade_entrada,
        total_valor_entrada: money(rem.total_valor_entrada),
        quantidade_baixa: rem.quantidade_baixa,
        total_valor_baixa: money(rem.total_valor_baixa),
      },
    }),
    ...(ret && {
      ultimoRetorno: {
        id: ret.id,
        created_at: ret.created_at,
        quantidade_liquidado: ret.quantidade_liquidado,
        total_valor_liquidado: money(ret.total_valor_liquidado),
        quantidade_baixa: ret.quantidade_baixa,
        total_valor_baixa: money(ret.total_valor_baixa),
        quantidade_entrada: ret.quantidade_entrada,
        total_valor_entrada: money(ret.total_valor_entrada),
      },
    }),
  };
}
