import { and, desc, eq, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type BoletoAvulsoJson, type BoletoAvulsoSituacao, type PagedResult } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boletoAvulso, empresa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { pagedSelect, textSearch } from '../../shared/paged-select.js';
import type { PageInput } from '../../shared/paging.js';
import type { FileLinkSigner } from '../files/signed-link.js';
import { assertAdmin } from '../tenancy/access.js';

export type ListBoletosAvulsosInput = PageInput & { pesquisa?: string; situacao?: BoletoAvulsoSituacao; empresa_id?: number };

/**
 * GET /api/boletoAvulso/getAllPaginate (administrador): newest first; free text matches the
 * payer's name, document or the slip's number; filters by situação and empresa. Each row carries
 * an expiring link that downloads its remittance file.
 */
export async function listBoletosAvulsos(db: Db, links: FileLinkSigner, actor: Actor, input: ListBoletosAvulsosInput): Promise<PagedResult<BoletoAvulsoJson>> {
  assertAdmin(actor);
  const filters: (SQL | undefined)[] = [textSearch(input.pesquisa, { text: [boletoAvulso.nome_razao], digits: [boletoAvulso.cpf_cnpj], protocolo: boletoAvulso.id })];
  if (input.situacao) filters.push(eq(boletoAvulso.situacao, input.situacao));
  if (input.empresa_id) filters.push(eq(boletoAvulso.empresa_id, input.empresa_id));
  const query = db
    .select({ b: boletoAvulso, fantasia: empresa.fantasia })
    .from(boletoAvulso)
    .leftJoin(empresa, eq(empresa.id, boletoAvulso.empresa_id))
    .where(and(...filters))
    .$dynamic();
  return pagedSelect(db, query, { ...input, orderBy: [desc(boletoAvulso.created_at), desc(boletoAvulso.id)] }, ({ b, fantasia }) => ({
    id: b.id,
    cpf_cnpj: b.cpf_cnpj,
    nome_razao: b.nome_razao,
    cep: b.cep,
    endereco: b.endereco,
    numero: b.numero,
    complemento: b.complemento,
    bairro: b.bairro,
    cidade: b.cidade,
    uf: b.uf,
    valor: fromCents(toCents(b.valor)),
    vencimento: b.vencimento,
    situacao: b.situacao,
    created_at: b.created_at,
    empresa_id: b.empresa_id,
    fantasia,
    nosso_numero: b.nosso_numero,
    linha_digitavel: b.linha_digitavel,
    remessa_arquivo: b.remessa_arquivo ?? '',
    remessa_link: b.remessa_file_id ? `${links.url(b.remessa_file_id)}&download=1` : '',
  }));
}
