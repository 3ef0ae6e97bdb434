import { asc, isNotNull } from 'drizzle-orm';
import { CERTIFICADO_ALERTA_DIAS, certificadoAlertaTexto, certificadoDiasRestantes } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { contaCobranca } from '../../db/schema/index.js';

/**
 * Início (administrador): the contas whose client certificate for mutual TLS with the bank expires
 * within CERTIFICADO_ALERTA_DIAS days or has expired — a bank that requires it refuses every call
 * after that, so the admin is warned while there is time to renew it. Absent when none is near.
 */
export async function certificadosResumo(db: DbOrTx, now: Date = new Date()) {
  const rows = await db
    .select({ id: contaCobranca.id, banco: contaCobranca.banco, agencia: contaCobranca.agencia, conta: contaCobranca.conta, beneficiario: contaCobranca.codigo_beneficiario, validade: contaCobranca.certificado_validade })
    .from(contaCobranca)
    .where(isNotNull(contaCobranca.certificado_validade))
    .orderBy(asc(contaCobranca.certificado_validade));
  const vencendo = rows.flatMap((r) => {
    if (!r.validade) return [];
    const dias = certificadoDiasRestantes(r.validade, now);
    if (dias > CERTIFICADO_ALERTA_DIAS) return [];
    const nome = `${r.banco} ag. ${r.agencia} ${r.conta ? `c/c ${r.conta}` : `beneficiário ${r.beneficiario}`}`;
    return [{ conta_id: r.id, conta: nome, validade: r.validade, dias_restantes: dias, texto: certificadoAlertaTexto(nome, dias) }];
  });
  return vencendo.length ? { certificadosVencendo: vencendo } : {};
}
