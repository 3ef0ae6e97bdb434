import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  addDays,
  completeCpf,
  defaultSettlementDueDates,
  fromCents,
  simulateSettlement,
  todayInSaoPaulo,
  toCents,
  type AcordoCreateInput,
  type Situacao,
} from '@bg/domain';
import { createEmpresa } from '../../src/factories/foundation.js';
import { createGarantia, createPessoa } from '../../src/factories/garantia.js';
import type { TestApp } from '../harness.js';

export const today = todayInSaoPaulo();

/** A fresh valid CPF (random base: test files share one database). */
export const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));

export type Defaulter = { pessoaId: number; cpf: string; nome: string; empresaId: number; boletos: { id: number; valor: string; vencimento: string; digito: number }[] };

/**
 * A person with one guarantee per boleto: each boleto GARANTIDO (or `situacao`) and due `daysAgo`
 * days before today (negative: not yet due), worth `cents`.
 */
export async function defaulter(
  t: TestApp,
  items: { cents: number; daysAgo: number; situacao?: Situacao }[],
  pessoa: { telefone1?: string | null; nome?: string } = {},
): Promise<Defaulter> {
  const db = t.database.db;
  const empresa = await createEmpresa(db);
  const { user } = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
  const cpf = newCpf();
  const nome = pessoa.nome ?? `Devedor Cobrança ${cpf.slice(-6)}`;
  const p = await createPessoa(db, { cpf_cnpj: cpf, nome_razao: nome });
  const dados = { telefone1: pessoa.telefone1 === undefined ? '11987654321' : pessoa.telefone1 };
  const boletos: Defaulter['boletos'] = [];
  for (const item of items) {
    const g = await createGarantia(db, {
      empresa_id: empresa.id, usuario_id: user.id, pessoa_id: p.id, dados, status: 'APROVADO', libera_boleto: 'S',
      situacao: item.situacao ?? 'GARANTIDO', parcelas: [item.cents], primeiroVencimento: addDays(today, -item.daysAgo),
    });
    boletos.push(g.boletos[0]);
  }
  return { pessoaId: p.id, cpf, nome, empresaId: empresa.id, boletos };
}

/** What the "Novo Acordo" screen sends: the choices plus the figures simulateSettlement showed. */
export function acordoBody(
  d: Pick<Defaulter, 'pessoaId' | 'boletos'>,
  opts: { qtd: number; entradaCents?: number; descontoCents?: number; vencimentos?: string[]; boletoIds?: number[]; anterioresCents?: number },
): AcordoCreateInput {
  const chosen = opts.boletoIds ? d.boletos.filter((b) => opts.boletoIds!.includes(b.id)) : d.boletos;
  const vencimentos = opts.vencimentos ?? defaultSettlementDueDates(today, opts.qtd);
  const entrada = opts.entradaCents ?? 10000;
  const sim = simulateSettlement({
    boletos: chosen.map((b) => ({ amountCents: toCents(b.valor), dueDate: b.vencimento })),
    today, installments: opts.qtd, dueDates: vencimentos, firstAmountCents: entrada, discountCents: opts.descontoCents ?? 0,
    previousPaymentsCents: opts.anterioresCents ?? 0,
  });
  return {
    pessoa_id: d.pessoaId,
    boletoIds: chosen.map((b) => b.id),
    qtdParcelas: opts.qtd,
    vencimentos,
    valorEntrada: fromCents(entrada),
    desconto: fromCents(opts.descontoCents ?? 0),
    valor_sem_juros: fromCents(sim.baseCents),
    valor_atualizado: fromCents(sim.updatedCents),
    totalParcelamento: fromCents(sim.totalCents),
    parcelas: sim.installments.map((p) => ({ parcela: p.number, vencimento: p.dueDate, valor: fromCents(p.amountCents) })),
  };
}

export const get = (t: TestApp, url: string, token: string) => t.call({ method: 'GET', url, token });
export const post = (t: TestApp, url: string, token: string, payload: object = {}) => t.call({ method: 'POST', url, token, payload });

/** Polls until `check` answers a truthy value (a job finished), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('tempo esgotado esperando a tarefa');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The text of a PDF, by poppler's pdftotext. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}
