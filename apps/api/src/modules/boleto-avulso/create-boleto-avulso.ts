import { eq, sql } from 'drizzle-orm';
import { boletoChargeInstructions, centsToDecimalText, cnabAccountFromConta, CnabError, protocolCheckDigit, toCents, writeRemessaLinesAsync, type BoletoAvulsoData } from '@bg/domain';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { boletoAvulso, empresa, pessoa } from '../../db/schema/index.js';
import { AppError, invalid } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { buildSlip } from '../boletos/number-boletos.js';
import { allocateNossoNumero } from '../conta-cobranca/allocate-nosso-numero.js';
import { requireContaDaEmpresa } from '../conta-cobranca/active-conta-cobranca.js';
import { REMESSAS_AVULSAS_DIR, remessaFileName, storeCnabFile, type StoredCnabFile } from '../cnab/cnab-file.js';
import { nextFileNumber } from '../cnab/file-number.js';
import { payerOf, saoPauloDate } from '../cnab/remessa-entries.js';
import { assertAdmin } from '../tenancy/access.js';

/** "Seu número" and the slip's document number of a boleto avulso: its id and check digit. */
export const avulsoDocumentNumber = (id: number) => `${id}-${protocolCheckDigit(id)}/01`;

/**
 * POST /api/boletoAvulso/create (administrador), one transaction: the slip gets its nosso número
 * from the conta de cobrança of the shop it is charged for (its own, else the house default; decision
 * 126) — that conta's sequence, the boletos' own, so numbers never collide —, its barcode and linha
 * digitável, and its remittance file — a remessa in the conta's layout (CNAB 240 or 400) with this one entrada,
 * file number (NSA) from the account's counter, stored at
 * nova_garantia/remessas_avulsas/remessa_{created_at}-{id}.txt. A known person (same CPF/CNPJ)
 * is linked. The optional empresa is the shop the slip is charged for.
 */
export async function createBoletoAvulso(deps: { db: Db; storage: FileStorage }, actor: Actor, input: BoletoAvulsoData) {
  assertAdmin(actor);
  let stored: StoredCnabFile | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.empresa_id !== null) {
        const [emp] = await tx.select({ id: empresa.id }).from(empresa).where(eq(empresa.id, input.empresa_id));
        if (!emp) throw invalid({ empresa_id: 'Empresa não encontrada' });
      }
      const conta = await requireContaDaEmpresa(tx, input.empresa_id);
      const cents = toCents(input.valor);
      const nossoNumero = await allocateNossoNumero(tx, conta);
      const slip = buildSlip(conta, nossoNumero, cents, input.vencimento);
      const [known] = await tx.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.cpf_cnpj, input.cpf_cnpj)).limit(1);
      const numeroArquivo = await nextFileNumber(tx, conta.id);
      const [row] = await tx
        .insert(boletoAvulso)
        .values({
          ...input,
          valor: centsToDecimalText(cents),
          pessoa_id: known?.id ?? null,
          conta_cobranca_id: conta.id,
          nosso_numero: nossoNumero,
          codigo_barras: slip.barcode,
          linha_digitavel: slip.digitableLine,
          numero_arquivo: numeroArquivo,
          usuario_id: actor.id,
        })
        .returning();
      const arquivo = remessaFileName(row.created_at, row.id);
      const entry = {
        kind: 'entrada' as const,
        ourNumber: nossoNumero,
        documentNumber: avulsoDocumentNumber(row.id),
        dueDate: input.vencimento,
        amountCents: cents,
        issueDate: saoPauloDate(row.created_at),
        payer: payerOf(input),
        ...boletoChargeInstructions(cents, input.vencimento),
      };
      const lines = writeRemessaLinesAsync(conta.layout_cnab, { account: cnabAccountFromConta(conta), fileNumber: numeroArquivo, generatedAt: row.created_at, entries: [entry] });
      stored = await storeCnabFile(tx, deps.storage, { key: `${REMESSAS_AVULSAS_DIR}/${arquivo}`, name: arquivo, lines, userId: actor.id });
      await tx.update(boletoAvulso).set({ remessa_arquivo: arquivo, remessa_file_id: stored.fileId, updated_at: sql`now()` }).where(eq(boletoAvulso.id, row.id));
      await recordAudit(tx, actor, {
        action: 'boletoAvulso.create',
        entity: 'boleto_avulso',
        entityId: row.id,
        summary: { cpf_cnpj: input.cpf_cnpj, nome_razao: input.nome_razao, valor: input.valor, vencimento: input.vencimento, empresa_id: input.empresa_id, nosso_numero: nossoNumero, arquivo },
      });
      return { id: row.id };
    });
  } catch (err) {
    await (stored as StoredCnabFile | null)?.discard().catch(() => undefined);
    if (err instanceof CnabError) throw new AppError('VALIDATION', `Não foi possível gerar o arquivo remessa: ${err.message}`, { errors: {} });
    throw err;
  }
}
