import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { activeContaCobranca } from './active-conta-cobranca.js';
import type { ContaCobrancaRow } from './insert-conta-cobranca.js';
import { assertAdmin } from '../tenancy/access.js';

/** GET /api/contaCobranca/get (administrador): the house default account and how many numbers it issued. */
export async function getContaCobranca(db: Db, actor: Actor) {
  assertAdmin(actor);
  const conta = await db.transaction((tx) => activeContaCobranca(tx));
  if (!conta) return null;
  const res = await db.execute(sql`select count(*)::int as n from boleto where conta_cobranca_id = ${conta.id}`);
  // a raw SQL result is untyped in Drizzle (its shape differs between PGlite and node-postgres)
  const emitidos = Number((res as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { ...publicConta(conta), boletos_emitidos: emitidos };
}

export function publicConta(c: ContaCobrancaRow) {
  return {
    id: c.id,
    banco: c.banco,
    agencia: c.agencia,
    conta: c.conta,
    codigo_beneficiario: c.codigo_beneficiario,
    carteira: c.carteira,
    nome: c.nome,
    cnpj: c.cnpj,
    cep: c.cep,
    endereco: c.endereco,
    numero: c.numero,
    bairro: c.bairro,
    cidade: c.cidade,
    uf: c.uf,
    pix_chave: c.pix_chave,
    origem: c.origem,
    ativa: c.ativa,
    padrao: c.padrao,
    layout_cnab: c.layout_cnab,
    modo: c.modo,
    updated_at: c.updated_at,
  };
}
