import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addMonthsClamped, completeCnpj, completeCpf, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../src/db/client.js';
import type { Actor } from '../../src/shared/actor.js';

/** A fresh valid CPF (random base: test files share one database). */
export const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));
export const newCnpj = () => completeCnpj(`${randomInt(10_000_000, 99_999_999)}0001`);

export const nextMonth = (n: number) => addMonthsClamped(todayInSaoPaulo(), n);

/** A complete §3 payload for solicitaGarantia; override any field. */
export function payload(over: Record<string, unknown> = {}) {
  const qtd = (over.qtd_titulos as number | undefined) ?? 3;
  return {
    cpf_cnpj: newCpf(),
    nome_razao: 'Carlos Pereira Lima',
    data_nascimento: '1979-03-21',
    cep: '01310-100',
    endereco: 'Avenida Paulista',
    numero: '900',
    complemento: 'Apto 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    ref_comercial: 'Magazine Central',
    tel_ref_comercial: '(11)3333-4444',
    ref_pessoal: 'Joana Lima',
    tel_ref_pessoal: '(11)91234-5678',
    ocupacao: 'Eletricista',
    renda: 2800,
    telefone1: '(11)98765-4321',
    telefone2: '',
    qtd_titulos: qtd,
    titulos: Array.from({ length: qtd }, (_, i) => ({ parcela: i + 1, valor: 150.5, vencimento: nextMonth(i + 1) })),
    ...over,
  };
}

export async function count(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  const res = await db.execute(query);
  return Number((res as { rows: { n: number }[] }).rows[0].n);
}

/** The Actor a use-case receives for a test user (what http/auth.ts builds from the session). */
export function actorOf(user: Pick<Actor, 'id' | 'nivel' | 'empresa_id' | 'name'>): Actor {
  return { id: user.id, nivel: user.nivel, empresa_id: user.empresa_id, name: user.name, ip: null };
}
