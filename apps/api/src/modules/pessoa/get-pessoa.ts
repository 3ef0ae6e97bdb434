import { pessoaDivergencias, type PessoaJson } from '@bg/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { recordDataAccess } from '../lgpd/record-acesso.js';
import { isAdministrador, mayWriteFor } from '../tenancy/access.js';
import { empresaScope } from '../tenancy/scope.js';
import { loadPessoaInScope, tipoPessoa } from './pessoa-access.js';
import { dadosJson, identityOnly, pickDados, visaoLoja } from '../../shared/pessoa-dados.js';
import { readableVisoes } from './visoes.js';

/**
 * GET /api/pessoa/getById/{id} (decision 104): the person's views the reader may read, marked by
 * shop — a shop its own, a franqueado its own and its franchisees', an administrador every one with
 * its divergences from the shared identity — and, flat, the reader's own view (or the latest one
 * it may read). 404 outside scope. Answering an income is logged for LGPD (also when
 * getInadimplenteById answers it through here).
 */
export async function getPessoa(db: Db, actor: Actor, id: number): Promise<PessoaJson> {
  const scope = await empresaScope(db, actor);
  const p = await loadPessoaInScope(db, scope, id);
  const visoes = await readableVisoes(db, scope, id, actor.empresa_id);
  const admin = isAdministrador(actor);
  const identidade = { nome_razao: p.nome_razao, data_nascimento: p.data_nascimento };
  const principal = visoes[0] ? pickDados(visoes[0]) : identityOnly(identidade);
  if (visoes.some((v) => v.renda !== null)) await recordDataAccess(db, actor, p.id, ['renda']);
  return {
    id: p.id,
    tipo_pessoa: tipoPessoa(p.tipo_pessoa),
    cpf_cnpj: p.cpf_cnpj,
    situacao: p.situacao,
    ...dadosJson(principal),
    ...(admin ? identidade : {}),
    identidade: admin ? identidade : null,
    visoes: visoes.map((v) => ({
      empresa_id: v.empresa_id,
      loja: visaoLoja(v.fantasia),
      editavel: mayWriteFor(actor, v.empresa_id),
      ...dadosJson(pickDados(v)),
      divergencias: admin ? pessoaDivergencias(identidade, v) : [],
      updated_at: v.updated_at,
    })),
  };
}
