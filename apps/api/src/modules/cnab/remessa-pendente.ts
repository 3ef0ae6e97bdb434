import { asc, eq, sql } from 'drizzle-orm';
import { bancoDeCobranca, SITUACAO } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';
import { ACERTO_MOTIVO } from '../garantia/update-boleto-atendimento.js';

const S = SITUACAO;

export type ContaPendente = { id: number; descricao: string; layout_cnab: 240 | 400 };

/** "Itaú Unibanco, agência 0810, beneficiário 53678 (CNAB 400)": how the screens name a conta. */
export function descricaoConta(c: { banco: string; agencia: string; codigo_beneficiario: string; layout_cnab: number }): string {
  return `${bancoDeCobranca(c.banco)?.nome ?? `Banco ${c.banco}`}, agência ${c.agencia}, beneficiário ${c.codigo_beneficiario} (CNAB ${c.layout_cnab})`;
}

/**
 * Anything the conta's next remessa would send or confirm (cheap: one indexed probe each): its
 * DISPONÍVEL boletos — or ones not numbered yet, which the generation numbers in their shop's conta
 * —, its write-off requests not yet sent, its registered boletos with an Acerto the bank was not told.
 */
export async function temRemessaPendente(db: DbOrTx, contaId: number): Promise<boolean> {
  const res = await db.execute(sql`select
    exists (select 1 from boleto where situacao = ${S.DISPONIVEL} and (conta_cobranca_id = ${contaId} or nosso_numero is null))
    or exists (select 1 from boleto b where b.situacao in (${S.ENVIADO_BAIXA}, ${S.ENVIADO_CANCELAMENTO}, ${S.ENVIADO_REMOCAO}) and b.conta_cobranca_id = ${contaId}
               and (select max(h.id) from boleto_historico h where h.boleto_id = b.id) > coalesce(b.cnab_historico_id, 0))
    or exists (select 1 from boleto_historico h join boleto b on b.id = h.boleto_id
               where h.motivo = ${ACERTO_MOTIVO} and h.id > coalesce(b.cnab_historico_id, 0) and b.situacao in (${S.ENVIADO_REGISTRO}, ${S.GARANTIDO})
                 and b.conta_cobranca_id = ${contaId})
    as pending`);
  return Boolean((res as { rows: { pending: boolean }[] }).rows[0]?.pending);
}

/**
 * The contas by CNAB file with something for the bank, in id order — deactivated ones included: a
 * deactivated conta numbers nothing new, but its boletos' write-offs and changes still go to its bank.
 */
export async function contasComRemessaPendente(db: DbOrTx): Promise<ContaPendente[]> {
  const contas = await db
    .select({ id: contaCobranca.id, banco: contaCobranca.banco, agencia: contaCobranca.agencia, codigo_beneficiario: contaCobranca.codigo_beneficiario, layout_cnab: contaCobranca.layout_cnab })
    .from(contaCobranca)
    .where(eq(contaCobranca.modo, 'CNAB'))
    .orderBy(asc(contaCobranca.id));
  const out: ContaPendente[] = [];
  for (const c of contas) if (await temRemessaPendente(db, c.id)) out.push({ id: c.id, descricao: descricaoConta(c), layout_cnab: c.layout_cnab });
  return out;
}
