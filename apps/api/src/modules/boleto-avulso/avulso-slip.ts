import { eq } from 'drizzle-orm';
import { protocolCheckDigit, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boletoAvulso, contaCobranca, empresa } from '../../db/schema/index.js';
import { AppError, wrongState } from '../../errors/app-error.js';
import type { SlipData } from '../../pdf/slip.js';
import type { Actor } from '../../shared/actor.js';
import { buildSlip } from '../boletos/number-boletos.js';
import { slipBeneficiary, slipPayer } from '../boletos/slip-parties.js';
import { saoPauloDate } from '../cnab/remessa-entries.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * GET /api/boletoAvulso/getBoleto/{id} (administrador): the slip's data for the boleto engine's
 * PDF (pdf/boleto-pdf.ts), from the account that numbered it. Checked before the PDF streams, so a
 * refusal is still JSON. Paid or written-off slips are not printed.
 */
export async function avulsoSlip(db: Db, actor: Actor, id: number): Promise<SlipData> {
  assertAdmin(actor);
  const [row] = await db
    .select({ b: boletoAvulso, conta: contaCobranca, fantasia: empresa.fantasia })
    .from(boletoAvulso)
    .innerJoin(contaCobranca, eq(contaCobranca.id, boletoAvulso.conta_cobranca_id))
    .leftJoin(empresa, eq(empresa.id, boletoAvulso.empresa_id))
    .where(eq(boletoAvulso.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Boleto avulso não encontrado.');
  const { b, conta: c } = row;
  if (b.situacao === 'LIQUIDADO' || b.situacao === 'BAIXADO') throw wrongState(`Este boleto não pode ser impresso: está ${b.situacao}.`);
  const cents = toCents(b.valor);
  const built = buildSlip(c, b.nosso_numero, cents, b.vencimento);
  return {
    boletoId: b.id,
    boletoDigito: protocolCheckDigit(b.id),
    parcela: 1,
    qtdParcelas: 1,
    valorCents: cents,
    vencimento: b.vencimento,
    emissao: saoPauloDate(b.created_at),
    barcode: built.barcode,
    digitableLine: built.digitableLine,
    ourNumberFormatted: built.ourNumberFormatted,
    // the document number printed is the slip's own id and check digit (as in its remessa)
    garantiaId: b.id,
    garantiaDigito: protocolCheckDigit(b.id),
    loja: row.fantasia ?? 'Boleto avulso',
    avulso: true,
    pagador: slipPayer(b),
    conta: slipBeneficiary(c),
  };
}
