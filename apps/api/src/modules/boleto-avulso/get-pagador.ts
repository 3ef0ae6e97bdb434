import { desc, eq, sql } from 'drizzle-orm';
import { isValidCpfCnpj, onlyDigits } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boletoAvulso, pessoa, pessoaVisao } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/boletoAvulso/getByCpfCnpj { cpf_cnpj } (administrador): what the "Novo Boleto Avulso" form fills
 * when the CPF/CNPJ is left — a person of ours (the shared name, the address of its most recently
 * changed view that has one; administradores read every view, decision 104), else the latest
 * boleto avulso of that document. null when unknown (or not a valid document): the form simply
 * stays as typed.
 */
export async function getPagador(db: Db, actor: Actor, cpfCnpj: string) {
  assertAdmin(actor);
  const doc = onlyDigits(cpfCnpj);
  if (!isValidCpfCnpj(doc)) return null;
  const [p] = await db
    .select({
      cpf_cnpj: pessoa.cpf_cnpj,
      nome_razao: pessoa.nome_razao,
      cep: pessoaVisao.cep,
      endereco: pessoaVisao.endereco,
      numero: pessoaVisao.numero,
      complemento: pessoaVisao.complemento,
      bairro: pessoaVisao.bairro,
      cidade: pessoaVisao.cidade,
      uf: pessoaVisao.uf,
    })
    .from(pessoa)
    .leftJoin(pessoaVisao, eq(pessoaVisao.pessoa_id, pessoa.id))
    .where(eq(pessoa.cpf_cnpj, doc))
    .orderBy(sql`${pessoaVisao.endereco} is null`, desc(pessoaVisao.updated_at), desc(pessoaVisao.id))
    .limit(1);
  if (p) return p;
  const [a] = await db
    .select({
      cpf_cnpj: boletoAvulso.cpf_cnpj,
      nome_razao: boletoAvulso.nome_razao,
      cep: boletoAvulso.cep,
      endereco: boletoAvulso.endereco,
      numero: boletoAvulso.numero,
      complemento: boletoAvulso.complemento,
      bairro: boletoAvulso.bairro,
      cidade: boletoAvulso.cidade,
      uf: boletoAvulso.uf,
    })
    .from(boletoAvulso)
    .where(eq(boletoAvulso.cpf_cnpj, doc))
    .orderBy(desc(boletoAvulso.id))
    .limit(1);
  return a ?? null;
}
