import { GARANTIA_MSG, LOOKUP_RESTRICTED_STATUS, type SolicitaGarantiaInput } from '@bg/domain';
import type { BureauAdapter } from '../../../adapters/bureau/bureau.js';
import type { Db } from '../../../db/client.js';
import { consultaDocumentoUseCase } from '../../garantia/consulta-documento.js';
import { solicitaGarantia } from '../../garantia/solicita-garantia.js';
import type { ChaveActor } from './autenticar.js';
import { garantiaV1Json } from './apresentar.js';

/**
 * POST /api/v1/garantias (the spec §3 payload): the wizard's two steps in one call, with the
 * wizard's rules — the lookup first (recorded and billed like the wizard's step 1, its 409 when
 * the document is at the shop's limit), then the request itself, which checks everything again
 * (the empresa's qtd_max_parcelas and limits) and is evaluated by the published credit policy —
 * which decides on restrictions too (approved, sent to analysis or denied, with its reasons).
 * Answers the outcome as the wizard gets it: status 200 with the guarantee (as GET answers it), or,
 * only with no policy published, status 900 with the restrictions found (HTML in `consulta`). Runs inside the idempotency
 * transaction (`db` is it): nothing of it exists unless its answer is stored too.
 */
export async function solicitarGarantiaV1(db: Db, bureau: BureauAdapter, actor: ChaveActor, input: SolicitaGarantiaInput) {
  const consulta = await consultaDocumentoUseCase(db, bureau, actor, { documento: input.cpf_cnpj, empresa_id: input.empresa_id });
  if (consulta.status === LOOKUP_RESTRICTED_STATUS) {
    return { status: LOOKUP_RESTRICTED_STATUS, title: GARANTIA_MSG.restrictedTitle, msg: GARANTIA_MSG.restrictedText, consulta: consulta.consulta };
  }
  const result = await solicitaGarantia(db, bureau, actor, input);
  if (result.status !== 200) {
    return { status: LOOKUP_RESTRICTED_STATUS, title: GARANTIA_MSG.restrictedTitle, msg: GARANTIA_MSG.restrictedText, consulta: result.consulta };
  }
  return { status: 200 as const, msg: solicitadaMsg(result.data.protocolo, result.data.avaliacao?.resultado), data: await garantiaV1Json(db, result.data.id) };
}

/** The answer's text follows the policy's outcome (the guarantee's status in `data` says the same). */
function solicitadaMsg(protocolo: string, resultado: 'APROVAR' | 'ANALISAR' | 'NEGAR' | undefined) {
  if (resultado === 'APROVAR') return `Garantia ${protocolo} aprovada automaticamente pela política de crédito.`;
  if (resultado === 'NEGAR') return `Garantia ${protocolo} não aprovada pela política de crédito.`;
  return `Garantia ${protocolo} solicitada. Aguarde a análise.`;
}
