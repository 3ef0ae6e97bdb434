import { desc, eq } from 'drizzle-orm';
import { isValidCpfCnpj, onlyDigits } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boletoAvulso, pessoa } from '../../db/schema/index.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';

/**
 * POST /api/boletoAvulso/getByCpfCnpj { cpf_cnpj } (administrador): what the "Novo Boleto Avulso" form fills
 * when the CPF/CNPJ is left — a person of ours, else the latest boleto avulso of that document.
 * null when unknown (or not a valid document): the form simply stays as typed.
 */
export async function getPagador(db: Db, actor: Actor, cpfCnpj: string) {
  assertAdmin(actor);
  const doc = onlyDigits(cpfCnpj);
  if (!isValidCpfCnpj(doc)) return null;
  const fields = { cpf_cnpj: 1, nome_razao: 1, cep: 1, endereco: 1, numero: 1, complemento: 1, bairro: 1, cidade: 1, uf: 1 } as const;
  const [p] = await db.select(pick(pessoa, fields)).from(pessoa).where(eq(pessoa.cpf_cnpj, doc)).orderBy(desc(pessoa.id)).limit(1);
  if (p) return p;
  const [a] = await db.select(pick(boletoAvulso, fields)).from(boletoAvulso).where(eq(boletoAvulso.cpf_cnpj, doc)).orderBy(desc(boletoAvulso.id)).limit(1);
  return a ?? null;
}

function pick<T extends typeof pessoa | typeof boletoAvulso>(table: T, fields: Record<'cpf_cnpj' | 'nome_razao' | 'cep' | 'endereco' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'uf', 1>) {
  return Object.fromEntries(Object.keys(fields).map((k) => [k, table[k as keyof typeof fields]])) as { [K in keyof typeof fields]: T[K] };
}
