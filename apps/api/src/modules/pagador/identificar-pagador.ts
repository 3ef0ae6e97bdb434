import { and, eq } from 'drizzle-orm';
import { isIsoDate, isValidCpfCnpj, onlyDigits, PAGADOR_MSG, parseDateBR, type PagadorIdentificarInput } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { pessoa, pessoaVisao } from '../../db/schema/index.js';
import { AppError } from '../../errors/app-error.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { admitPublicCall, recordPublicFailure, type PublicClient } from '../assinatura/public-access.js';
import { registrarAcessoPagador } from './acesso-pagador.js';
import { pessoaDoCodigoPagador } from './link-pagador.js';
import { criarSessaoPagador } from './sessao-pagador.js';

export type PagadorDeps = { db: Db; links: Pick<FileLinkSigner, 'url' | 'verify'>; now?: () => Date };

/** The one refusal of an identification (404, same words whatever failed). */
export const naoIdentificado = () => new AppError('NOT_FOUND', PAGADOR_MSG.naoIdentificado);

const dataInformada = (value: string) => {
  const v = value.trim();
  if (isIsoDate(v)) return v;
  return parseDateBR(v);
};

/**
 * POST /api/pagador/identificar (public): the code of a message's link (valid 7 days), or the
 * CPF/CNPJ with the date of birth — for a CNPJ the date of foundation, the same field the guarantee
 * request asks (pessoa.data_nascimento; a person recorded without it is matched by a shop's view).
 * Rate-limited per IP with the signing page's counters (public-access.ts): each refusal is a
 * failure, ten in a window answer 429. Every attempt is logged; a refusal that matched a document
 * is logged against that person (the holder sees who tried), never told to the caller.
 */
export async function identificarPagador(deps: PagadorDeps, input: PagadorIdentificarInput, client: PublicClient) {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  await admitPublicCall(db, client, now.getTime());
  const refuse = async (pessoaId: number | null, meio: 'documento' | 'codigo', detalhe: string): Promise<never> => {
    await registrarAcessoPagador(db, client, { pessoaId, acao: 'identificacao_recusada', meio, detalhe });
    await recordPublicFailure(db, client, now.getTime());
    throw naoIdentificado();
  };

  if (input.codigo?.trim()) {
    const pessoaId = await pessoaDoCodigoPagador(db, input.codigo, now);
    if (!pessoaId) return refuse(null, 'codigo', 'código inválido ou expirado');
    return aceitar(deps, client, pessoaId, 'codigo');
  }

  const documento = onlyDigits(input.documento ?? '');
  const data = dataInformada(input.data ?? '');
  if (!isValidCpfCnpj(documento) || !data) return refuse(null, 'documento', 'dados incompletos ou inválidos');
  const [p] = await db.select({ id: pessoa.id, data_nascimento: pessoa.data_nascimento }).from(pessoa).where(eq(pessoa.cpf_cnpj, documento)).limit(1);
  if (!p) return refuse(null, 'documento', 'documento sem cadastro');
  let confere = p.data_nascimento === data;
  if (!confere && p.data_nascimento === null) {
    const [visao] = await db
      .select({ id: pessoaVisao.id })
      .from(pessoaVisao)
      .where(and(eq(pessoaVisao.pessoa_id, p.id), eq(pessoaVisao.data_nascimento, data)))
      .limit(1);
    confere = visao !== undefined;
  }
  if (!confere) return refuse(p.id, 'documento', p.data_nascimento === null ? 'sem data cadastrada que confira' : 'data não confere');
  return aceitar(deps, client, p.id, 'documento');
}

async function aceitar(deps: PagadorDeps, client: PublicClient, pessoaId: number, meio: 'documento' | 'codigo') {
  await registrarAcessoPagador(deps.db, client, { pessoaId, acao: 'identificacao', meio });
  const { sessao, expiraEm } = criarSessaoPagador(deps.links, pessoaId);
  return { sessao, expira_em: expiraEm };
}

