import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRetorno, writeRetorno400Lines, type CnabAccount, type ContaCobrancaInput, type RetornoTitle, type RetornoTitleInput } from '@bg/domain';
import { DEMO_CONTA } from '../src/seed/seed-boletos.js';
import { writeCnabLines } from './cnab-bench-support.js';

/**
 * bench:retorno's CNAB 400 files (--layout 400 --bank 341|237): a conta of the bank for the API
 * phase, whose header the file's matches (contaOfHeader: Itaú by its conta, Bradesco by its
 * código da empresa), and a synthetic retorno made of the bank's real fixture details.
 */
const FIXTURES_400 = fileURLToPath(new URL('../../../packages/domain/test/fixtures/cnab400/', import.meta.url));

type Bench400Bank = { account: CnabAccount; conta: ContaCobrancaInput; fixtures: string[] };

export const BENCH_BANKS_400: Readonly<Record<string, Bench400Bank>> = {
  '341': {
    account: { bank: '341', agency: '0810', account: '53678', beneficiaryCode: '53678', wallet: '109', beneficiaryName: DEMO_CONTA.nome, beneficiaryDocument: DEMO_CONTA.cnpj },
    conta: { ...DEMO_CONTA, banco: '341', agencia: '0810', conta: '53678', codigo_beneficiario: '53678', carteira: '109' },
    fixtures: ['cnab400-retorno-341-itau-brcobranca.ret', 'cnab400-retorno-341-itau-laravel-boleto.ret'],
  },
  '237': {
    account: { bank: '237', agency: '4042-8', account: '0061900-0', beneficiaryCode: '4540691', wallet: '09', beneficiaryName: DEMO_CONTA.nome, beneficiaryDocument: DEMO_CONTA.cnpj },
    conta: { ...DEMO_CONTA, banco: '237', agencia: '4042-8', conta: '0061900-0', codigo_beneficiario: '4540691', carteira: '09' },
    fixtures: ['cnab400-retorno-237-bradesco-brcobranca.ret', 'cnab400-retorno-237-bradesco-laravel-boleto.ret'],
  },
};

export function bench400Bank(bank: string): Bench400Bank {
  const b = Object.prototype.hasOwnProperty.call(BENCH_BANKS_400, bank) ? BENCH_BANKS_400[bank] : undefined;
  if (!b) throw new Error(`--bank ${bank}: o bench CNAB 400 tem os bancos ${Object.keys(BENCH_BANKS_400).join(', ')}.`);
  return b;
}

async function templates(bank: Bench400Bank): Promise<RetornoTitle[]> {
  const out: RetornoTitle[] = [];
  for (const name of bank.fixtures) {
    for await (const t of readRetorno([fs.readFileSync(FIXTURES_400 + name)])) out.push(t);
  }
  return out;
}

/**
 * A CNAB 400 retorno of `count` titles of the bank: its fixtures' real details repeated with fresh
 * nosso números (from 1), written by the domain's writeRetorno400 and streamed to disk.
 */
export async function buildSyntheticRetorno400(path: string, bankCode: string, count: number): Promise<{ titles: number; bytes: number }> {
  const bank = bench400Bank(bankCode);
  const details = await templates(bank);
  function* titles(): Generator<RetornoTitleInput> {
    for (let i = 0; i < count; i++) {
      const t = details[i % details.length];
      yield {
        movement: t.movement,
        ourNumber: i + 1,
        documentNumber: String(i + 1),
        dueDate: t.dueDate ?? '2025-01-10',
        amountCents: t.amountCents,
        paidCents: t.paidCents,
        feeCents: t.feeCents,
        interestCents: t.interestCents,
        discountCents: t.discountCents,
        occurrenceDate: t.occurrenceDate ?? '2025-01-10',
        creditDate: t.creditDate,
        reasons: t.reasons.map((r) => r.code),
        payerName: t.payerName,
        channel: t.channel?.code,
      };
    }
  }
  const bytes = await writeCnabLines(path, writeRetorno400Lines({ account: bank.account, fileNumber: 1, generatedAt: new Date(), titles: titles() }));
  return { titles: count, bytes };
}
