import { and, eq, sql } from 'drizzle-orm';
import { addMonthsClamped, completeCpf, protocolCheckDigit, todayInSaoPaulo, type Situacao } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { boleto, boletoHistorico, garantia, garantiaPessoa, pessoa, pessoaVisao } from '../db/schema/index.js';

/** Factories for people, guarantees and their boletos, shared by the demo seed and the tests. */
let counter = 0;
const unique = () => `${process.pid % 1000}${Date.now() % 100000}${++counter}`.slice(-9).padStart(9, '0');

/** A person's identity (document, kind, name, birth date): what every shop's view shares (decision 104). */
export async function createPessoa(db: DbOrTx, overrides: Partial<typeof pessoa.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(pessoa)
    .values({ tipo_pessoa: 'F', cpf_cnpj: completeCpf(n), nome_razao: `Cliente Teste ${n}`, data_nascimento: '1985-06-15', ...overrides })
    .returning();
  return row;
}

/** What a shop types about a person (a view, a guarantee's snapshot), besides name and birth date. */
export type PessoaDadosInput = Partial<Omit<typeof pessoaVisao.$inferInsert, 'id' | 'pessoa_id' | 'empresa_id' | 'created_at' | 'updated_at'>>;

/** The demo customer's address, phone, reference, occupation and income. */
export const DADOS_PADRAO = {
  cep: '01310100',
  endereco: 'Avenida Paulista',
  numero: '500',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  telefone1: '11987654321',
  ref_pessoal: 'Maria Referência',
  tel_ref_pessoal: '11912345678',
  ocupacao: 'Analista',
  renda: '3500.00',
} as const satisfies PessoaDadosInput;

/**
 * A shop's view of a person (empresa_id; null: the administradores' own), as a request of that shop
 * would leave it: the person's name and birth date and DADOS_PADRAO, with `dados` over them. An
 * existing view is updated with `dados`.
 */
export async function createVisao(db: DbOrTx, input: { pessoa_id: number; empresa_id: number | null; dados?: PessoaDadosInput }) {
  const [p] = await db.select().from(pessoa).where(eq(pessoa.id, input.pessoa_id));
  const values = { nome_razao: p.nome_razao, data_nascimento: p.data_nascimento, ...DADOS_PADRAO, ...input.dados };
  const [row] = await db
    .insert(pessoaVisao)
    .values({ pessoa_id: input.pessoa_id, empresa_id: input.empresa_id, ...values })
    .onConflictDoUpdate({ target: [pessoaVisao.pessoa_id, pessoaVisao.empresa_id], set: { ...input.dados, updated_at: sql`now()` } })
    .returning();
  return row;
}

export type GarantiaFactoryInput = {
  empresa_id: number;
  usuario_id: number;
  pessoa_id?: number;
  status?: 'PENDENTE' | 'APROVADO' | 'NÃO AUTORIZADO' | 'CANCELADO';
  libera_boleto?: 'S' | 'N';
  /** Values in centavos, one per instalment (default 3 × R$ 250,00). */
  parcelas?: number[];
  /** Due date of instalment 1 (default: next month); others monthly. */
  primeiroVencimento?: string;
  /** Situação given to every boleto (default: none, i.e. not released). */
  situacao?: Situacao | null;
  data?: Date;
  motivo?: string | null;
  observacao?: string | null;
  /** What the shop typed about the person (its view and the snapshot), over DADOS_PADRAO. */
  dados?: PessoaDadosInput;
};

export async function createGarantia(db: DbOrTx, input: GarantiaFactoryInput) {
  const pessoaId = input.pessoa_id ?? (await createPessoa(db)).id;
  const parcelas = input.parcelas ?? [25000, 25000, 25000];
  const first = input.primeiroVencimento ?? addMonthsClamped(todayInSaoPaulo(), 1);
  const [g] = await db
    .insert(garantia)
    .values({
      digito: 0,
      empresa_id: input.empresa_id,
      usuario_id: input.usuario_id,
      pessoa_id: pessoaId,
      status: input.status ?? 'PENDENTE',
      libera_boleto: input.libera_boleto ?? 'N',
      qtd_titulo: parcelas.length,
      motivo: input.motivo ?? null,
      observacao: input.observacao ?? null,
      ...(input.data ? { data: input.data, created_at: input.data } : {}),
    })
    .returning();
  const digito = protocolCheckDigit(g.id);
  await db.update(garantia).set({ digito }).where(eq(garantia.id, g.id));
  // like a request: the shop's view of the person (made, or updated with what was typed) and the snapshot
  const [existing] = await db.select().from(pessoaVisao).where(and(eq(pessoaVisao.pessoa_id, pessoaId), eq(pessoaVisao.empresa_id, input.empresa_id)));
  const visao = existing && !input.dados ? existing : await createVisao(db, { pessoa_id: pessoaId, empresa_id: input.empresa_id, dados: input.dados });
  const { id: _id, pessoa_id: _p, empresa_id: _e, created_at: _c, updated_at: _u, ...dados } = visao;
  await db.insert(garantiaPessoa).values({ garantia_id: g.id, ...dados, ...(input.data ? { created_at: input.data } : {}) });
  const boletos = [];
  for (const [i, cents] of parcelas.entries()) {
    const [b] = await db
      .insert(boleto)
      .values({
        digito: 0,
        garantia_id: g.id,
        empresa_id: g.empresa_id,
        parcela: i + 1,
        valor: (cents / 100).toFixed(2),
        vencimento: addMonthsClamped(first, i),
        situacao: input.situacao ?? null,
      })
      .returning();
    await db.update(boleto).set({ digito: protocolCheckDigit(b.id) }).where(eq(boleto.id, b.id));
    if (input.situacao) {
      await db.insert(boletoHistorico).values({ boleto_id: b.id, de: null, para: input.situacao, motivo: 'dados de demonstração', usuario_id: input.usuario_id });
    }
    boletos.push({ ...b, digito: protocolCheckDigit(b.id) });
  }
  return { garantia: { ...g, digito }, boletos, pessoa_id: pessoaId };
}
