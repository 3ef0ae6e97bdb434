import { eq } from 'drizzle-orm';
import { ANTECIPACAO_MSG, ANTECIPACAO_SITUACAO } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { antecipacao, empresa } from '../../db/schema/index.js';
import { wrongState } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { getAntecipacao } from './get-antecipacao.js';

/**
 * GET /api/relatorio/getAntecipacaoDocumento/{id}: what the advance document prints (empresa,
 * boletos, figures, dates). Checked before the PDF starts streaming, so refusals stay JSON: 404
 * outside the scope, 409 while the advance is not APROVADA.
 */
export async function antecipacaoDocumentoData(db: Db, actor: Actor, id: number) {
  const detalhe = await getAntecipacao(db, actor, id);
  if (detalhe.situacao !== ANTECIPACAO_SITUACAO.APROVADA) throw wrongState(ANTECIPACAO_MSG.documentoIndisponivel);
  const [endereco] = await db
    .select({ endereco: empresa.endereco, numero: empresa.numero, complemento: empresa.complemento, bairro: empresa.bairro, cidade: empresa.cidade, uf: empresa.uf, cep: empresa.cep })
    .from(antecipacao)
    .innerJoin(empresa, eq(empresa.id, antecipacao.empresa_id))
    .where(eq(antecipacao.id, id));
  return { ...detalhe, endereco };
}

export type AntecipacaoDocumento = Awaited<ReturnType<typeof antecipacaoDocumentoData>>;
