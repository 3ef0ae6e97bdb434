import { describe, expect, it } from 'vitest';
import {
  acordoPagamentoDraft,
  antecipacaoDraft,
  assertValidDraft,
  boletoLedgerProblem,
  boletoPosition,
  draftFingerprint,
  honraDraft,
  ledgerAccountKey,
  liquidacaoDraft,
  normalBalance,
  perdaDraft,
  planRepasse,
  recebidoLojaDraft,
  repasseDraft,
  reversedLines,
  seamConsequence,
  seamRefusal,
  servicoDraft,
  type BoletoLedgerContext,
  type BoletoLedgerLine,
  type LedgerDraft,
} from './index.js';
import { simulateSettlement } from '../settlement/index.js';

/** The lines of a draft that name one boleto, as the position reads them back from the database. */
const asLines = (d: LedgerDraft, transactionId: number, boletoId: number): BoletoLedgerLine[] =>
  d.lines.filter((l) => l.boletoId === boletoId).map((l) => ({ transactionId, kind: d.kind, code: l.account.code, side: l.side, amountCents: l.amountCents }));

/** Replays drafts for one boleto the way the database would hold them. */
function boleto(valorCents: number, history: LedgerDraft[] = [], id = 7): BoletoLedgerContext {
  const lines = history.flatMap((d, i) => asLines(d, i + 1, id));
  return { boletoId: id, rotulo: '10-1/1', empresaId: 3, pessoaId: 9, position: boletoPosition(valorCents, lines) };
}

const sum = (d: LedgerDraft, code: string, side: 'debit' | 'credit') => d.lines.filter((l) => l.account.code === code && l.side === side).reduce((s, l) => s + l.amountCents, 0);

describe('the chart of accounts', () => {
  it('names each account by code and owner', () => {
    expect(ledgerAccountKey({ code: 'banco' })).toBe('banco');
    expect(ledgerAccountKey({ code: 'loja_a_pagar', empresaId: 12 })).toBe('loja_a_pagar:e12');
    expect(ledgerAccountKey({ code: 'devedor_a_recuperar', pessoaId: 7 })).toBe('devedor_a_recuperar:p7');
    expect(() => ledgerAccountKey({ code: 'loja_a_pagar' })).toThrow();
    expect(() => ledgerAccountKey({ code: 'banco', empresaId: 1 })).toThrow();
  });
  it('reads a balance on the account’s normal side', () => {
    expect(normalBalance('loja_a_pagar', 100, 350)).toBe(250);
    expect(normalBalance('banco', 1000, 300)).toBe(700);
  });
});

describe('a draft', () => {
  it('must balance, with positive whole centavos', () => {
    const ok: LedgerDraft = { idempotencyKey: 'k', kind: 'consulta', occurredOn: '2025-03-10', description: '', lines: [{ account: { code: 'banco' }, side: 'debit', amountCents: 5 }, { account: { code: 'receita_acordo' }, side: 'credit', amountCents: 5 }] };
    expect(() => assertValidDraft(ok)).not.toThrow();
    expect(() => assertValidDraft({ ...ok, lines: [ok.lines[0], { ...ok.lines[1], amountCents: 4 }] })).toThrow(/desbalanceado/);
    expect(() => assertValidDraft({ ...ok, lines: [{ ...ok.lines[0], amountCents: 0 }, { ...ok.lines[1], amountCents: 0 }] })).toThrow();
    expect(() => assertValidDraft({ ...ok, lines: [{ ...ok.lines[0], amountCents: 1.5 }, { ...ok.lines[1], amountCents: 1.5 }] })).toThrow();
    expect(() => assertValidDraft({ ...ok, occurredOn: '2025-02-30' })).toThrow();
  });
  it('has a fingerprint that ignores the order of its lines', () => {
    const d = servicoDraft({ kind: 'mensalidade', empresaId: 3, mes: '2025-03', valorCents: 15000, occurredOn: '2025-03-01' })!;
    expect(draftFingerprint({ ...d, lines: [...d.lines].reverse() })).toBe(draftFingerprint(d));
    expect(draftFingerprint({ ...d, occurredOn: '2025-03-02' })).not.toBe(draftFingerprint(d));
  });
  it('a reversal swaps the sides', () => {
    const d = servicoDraft({ kind: 'consulta', consultaId: 1, empresaId: 3, valorCents: 350, occurredOn: '2025-03-01' })!;
    expect(reversedLines(d.lines).map((l) => l.side)).toEqual(['credit', 'debit']);
  });
});

describe('the bank pays a boleto (liquidação)', () => {
  it('paid above the value: the shop is owed the value, the rest is encargos; the fee an expense', () => {
    // boleto R$ 320,50 paid R$ 332,00 (juros + multa R$ 11,50), tarifa R$ 2,50, credited 11/03
    const d = liquidacaoDraft(boleto(32050), { paidCents: 33200, feeCents: 250, occurredOn: '2025-03-11', retornoItemId: 44 })!;
    assertValidDraft(d);
    expect(d.idempotencyKey).toBe('retorno-item:44');
    expect(sum(d, 'banco', 'debit') - sum(d, 'banco', 'credit')).toBe(33200 - 250);
    expect(sum(d, 'cobranca_liquidada', 'credit')).toBe(33200); // Recebido Premium
    expect(sum(d, 'loja_a_pagar', 'credit')).toBe(32050);
    expect(sum(d, 'receita_encargos', 'credit')).toBe(1150);
    expect(sum(d, 'despesa_tarifa', 'debit')).toBe(250);
  });
  it('paid below the value: the shop still gets the whole value, the difference is the guarantor’s expense', () => {
    const d = liquidacaoDraft(boleto(48000), { paidCents: 42000, feeCents: 0, occurredOn: '2025-03-11' })!;
    assertValidDraft(d);
    expect(d.idempotencyKey).toBe('liquidacao:7');
    expect(sum(d, 'loja_a_pagar', 'credit')).toBe(48000);
    expect(sum(d, 'despesa_desconto', 'debit')).toBe(6000);
    expect(sum(d, 'receita_encargos', 'credit')).toBe(0);
  });
  it('an advanced boleto recovers the advance; an honoured one the debtor’s debt', () => {
    const adv = antecipacaoDraft({ antecipacaoId: 1, empresaId: 3, occurredOn: '2025-03-01', boletos: [{ boletoId: 7, valorCents: 10000 }], totalAntecipacaoCents: 9500, totalProrataCents: 300, totalTaxaCents: 200, taxaBasicaCents: 0 });
    const paid = liquidacaoDraft(boleto(10000, [adv]), { paidCents: 10000, feeCents: 0, occurredOn: '2025-04-01' })!;
    expect(sum(paid, 'antecipacao_a_recuperar', 'credit')).toBe(10000);
    expect(sum(paid, 'loja_a_pagar', 'credit')).toBe(0);
    const honra = honraDraft(boleto(10000), '2025-03-20')!;
    const later = liquidacaoDraft(boleto(10000, [honra]), { paidCents: 10300, feeCents: 0, occurredOn: '2025-04-01' })!;
    expect(sum(later, 'devedor_a_recuperar', 'credit')).toBe(10000);
    expect(sum(later, 'receita_encargos', 'credit')).toBe(300);
    expect(boletoLedgerProblem('LIQUIDADO', boleto(10000, [honra, later]).position)).toBeNull();
  });
});

describe('quitar (the guarantee honoured)', () => {
  it('pays the shop the value and moves the debt to the debtor', () => {
    const d = honraDraft(boleto(21990), '2025-03-10')!;
    expect(d.idempotencyKey).toBe('quitar:7');
    expect(sum(d, 'loja_a_pagar', 'credit')).toBe(21990);
    expect(sum(d, 'devedor_a_recuperar', 'debit')).toBe(21990);
    expect(boletoLedgerProblem('QUITADO', boleto(21990, [d]).position)).toBeNull();
  });
  it('of an advanced boleto pays the shop nothing: the debt moves from the advance to recovery', () => {
    const adv = antecipacaoDraft({ antecipacaoId: 1, empresaId: 3, occurredOn: '2025-03-01', boletos: [{ boletoId: 7, valorCents: 32050 }], totalAntecipacaoCents: 31000, totalProrataCents: 1050, totalTaxaCents: 0, taxaBasicaCents: 0 });
    const d = honraDraft(boleto(32050, [adv]), '2025-03-10')!;
    expect(sum(d, 'loja_a_pagar', 'credit')).toBe(0);
    expect(sum(d, 'antecipacao_a_recuperar', 'credit')).toBe(32050);
    const p = boleto(32050, [adv, d]).position;
    expect(p.pagoALoja).toBe(32050);
    expect(() => honraDraft(boleto(32050, [adv, d]), '2025-03-11')).toThrow(/já foi honrada/);
  });
  it('QUITADO without a payout disagrees with the ledger', () => {
    expect(boletoLedgerProblem('QUITADO', boleto(21990).position)).toMatch(/QUITADO/);
  });
  it('a QUITADO boleto an acordo removed from the bank keeps its honoured debt (the acordo recovers it)', () => {
    const h = honraDraft(boleto(21990), '2025-03-10')!;
    expect(boletoLedgerProblem('ENVIADO PARA REMOÇÃO', boleto(21990, [h]).position)).toBeNull();
    expect(boletoLedgerProblem('BAIXADO (REMOVIDO)', boleto(21990, [h]).position)).toBeNull();
    expect(boletoLedgerProblem('GARANTIDO', boleto(21990, [h]).position)).toMatch(/honrada/);
  });
});

describe('the customer paid the shop (Receber)', () => {
  it('moves no money, only the memo', () => {
    const d = recebidoLojaDraft(boleto(18055), '2025-03-31');
    expect(sum(d, 'memo_recebido_loja', 'debit')).toBe(18055);
    expect(d.lines.every((l) => l.account.code.startsWith('memo_'))).toBe(true);
    expect(boletoLedgerProblem('BAIXADO', boleto(18055, [d]).position)).toBeNull();
  });
  it('of an advanced boleto makes the advance a debt of the shop', () => {
    const adv = antecipacaoDraft({ antecipacaoId: 1, empresaId: 3, occurredOn: '2025-03-01', boletos: [{ boletoId: 7, valorCents: 32050 }], totalAntecipacaoCents: 31000, totalProrataCents: 1050, totalTaxaCents: 0, taxaBasicaCents: 0 });
    const d = recebidoLojaDraft(boleto(32050, [adv]), '2025-03-10');
    expect(sum(d, 'loja_a_receber', 'debit')).toBe(32050);
    expect(sum(d, 'antecipacao_a_recuperar', 'credit')).toBe(32050);
    expect(boletoLedgerProblem('ENVIADO PARA BAIXA', boleto(32050, [adv, d]).position)).toBeNull();
    expect(boletoLedgerProblem('ENVIADO PARA BAIXA', boleto(32050, [adv, recebidoLojaDraft(boleto(32050), '2025-03-10')]).position)).toMatch(/antecipação/);
  });
});

describe('an advance approved', () => {
  it('pays the shop, books the fees, and the boletos’ value to recover (financial-math §2 example)', () => {
    const d = antecipacaoDraft({
      antecipacaoId: 5,
      empresaId: 3,
      occurredOn: '2025-03-10',
      boletos: [{ boletoId: 11, valorCents: 50000 }, { boletoId: 12, valorCents: 33333 }, { boletoId: 13, valorCents: 12345 }, { boletoId: 14, valorCents: 10400 }],
      totalAntecipacaoCents: 98864,
      totalProrataCents: 3572,
      totalTaxaCents: 2652,
      taxaBasicaCents: 990,
    });
    assertValidDraft(d);
    expect(sum(d, 'antecipacao_a_recuperar', 'debit')).toBe(106078);
    expect(sum(d, 'banco', 'credit')).toBe(98864);
    expect(sum(d, 'receita_antecipacao_prorata', 'credit') + sum(d, 'receita_antecipacao_taxa', 'credit') + sum(d, 'receita_antecipacao_taxa_basica', 'credit')).toBe(3572 + 2652 + 990);
  });
});

describe('acordo instalments', () => {
  it('pay the boletos’ open principal first, oldest first, then the acordo’s revenue', () => {
    const a = { ...boleto(50000, [], 1), vencimento: '2025-01-15' };
    const b = { ...boleto(30000, [honraDraft(boleto(30000, [], 2), '2025-02-01')!], 2), vencimento: '2025-02-15' };
    const first = acordoPagamentoDraft({ acordoId: 4, parcelaId: 40, parcela: 1, pessoaId: 9, amountCents: 60000, occurredOn: '2025-03-10', boletos: [b, a] })!;
    assertValidDraft(first);
    expect(first.lines.filter((l) => l.side === 'credit').map((l) => [l.account.code, l.boletoId, l.amountCents])).toEqual([
      ['loja_a_pagar', 1, 50000],
      ['devedor_a_recuperar', 2, 10000],
    ]);
    const a2 = { ...boleto(50000, [first], 1), vencimento: a.vencimento };
    const b2 = { ...boleto(30000, [honraDraft(boleto(30000, [], 2), '2025-02-01')!, first], 2), vencimento: b.vencimento };
    const second = acordoPagamentoDraft({ acordoId: 4, parcelaId: 41, parcela: 2, pessoaId: 9, amountCents: 25000, occurredOn: '2025-04-10', boletos: [a2, b2] })!;
    expect(sum(second, 'devedor_a_recuperar', 'credit')).toBe(20000);
    expect(sum(second, 'receita_acordo', 'credit')).toBe(5000);
  });
  it('a cancelled acordo’s payments are deducted from the next simulation (Pagamentos anteriores)', () => {
    // the case: R$ 821,31 owed, R$ 200,00 paid under an acordo that was cancelled
    const boletos = [{ amountCents: 50000, dueDate: '2025-01-15' }, { amountCents: 21990, dueDate: '2025-02-10' }];
    const without = simulateSettlement({ boletos, today: '2025-03-10', installments: 1 });
    const withPaid = simulateSettlement({ boletos, today: '2025-03-10', installments: 1, previousPaymentsCents: 20000 });
    expect(withPaid.previousPaymentsCents).toBe(20000);
    expect(withPaid.updatedCents).toBe(without.updatedCents - 20000);
    expect(() => simulateSettlement({ boletos, today: '2025-03-10', installments: 1, previousPaymentsCents: 71991 })).toThrow();
  });
});

describe('services, repasses and losses', () => {
  it('charge the shop and net at the next repasse', () => {
    expect(servicoDraft({ kind: 'consulta', consultaId: 1, empresaId: 3, valorCents: 0, occurredOn: '2025-03-01' })).toBeNull();
    const plan = planRepasse(50000, 15350, 34650);
    expect(plan).toMatchObject({ compensadoCents: 15350, maximoCents: 34650 });
    const d = repasseDraft({ repasseId: 2, empresaId: 3, occurredOn: '2025-03-31', plan });
    assertValidDraft(d);
    expect(sum(d, 'loja_a_pagar', 'debit')).toBe(50000);
    expect(sum(d, 'loja_a_receber', 'credit')).toBe(15350);
    expect(sum(d, 'banco', 'credit')).toBe(34650);
    expect(() => repasseDraft({ repasseId: 3, empresaId: 3, occurredOn: '2025-03-31', plan: planRepasse(50000, 15350, 34651) })).toThrow(/maior do que o devido/);
    expect(planRepasse(1000, 5000, 1).maximoCents).toBe(0);
  });
  it('write off only what an honoured boleto still owes', () => {
    expect(() => perdaDraft(boleto(10000), '2025-03-01', 'x')).toThrow();
    const h = honraDraft(boleto(10000), '2025-02-01')!;
    const d = perdaDraft(boleto(10000, [h]), '2025-03-01', 'devedor não localizado');
    expect(sum(d, 'devedor_a_recuperar', 'credit')).toBe(10000);
    expect(boleto(10000, [h, d]).position.emAberto).toBe(0);
    expect(boletoLedgerProblem('QUITADO', boleto(10000, [h, d]).position)).toBeNull();
  });
});

describe('the seams of an advanced boleto', () => {
  it('refuse everything inside an advance in analysis, naming it', () => {
    for (const a of ['receber', 'atualizar', 'cancelar', 'quitar'] as const) {
      expect(seamRefusal(a, { id: 8, situacao: 'EM ANÁLISE' }, { admin: true })).toMatch(/antecipação nº 8, em análise/);
    }
  });
  it('inside an approved advance: the shop may not receive, update or cancel; the administrador may, never the value', () => {
    const hold = { id: 9, situacao: 'APROVADA' } as const;
    expect(seamRefusal('receber', hold, { admin: false })).toMatch(/^Este boleto foi antecipado/);
    expect(seamRefusal('receber', hold, { admin: true })).toBeNull();
    expect(seamRefusal('atualizar', hold, { admin: true, valorMuda: true })).toMatch(/valor/);
    expect(seamRefusal('atualizar', hold, { admin: true, valorMuda: false })).toBeNull();
    expect(seamRefusal('cancelar', null, { admin: false })).toBeNull();
    expect(seamConsequence('receber', hold, 32050)).toMatch(/R\$ 320,50\) virar uma dívida da loja, descontada do próximo repasse/);
    expect(seamConsequence('quitar', hold, 32050)).toMatch(/não paga nada à loja/);
    expect(seamConsequence('receber', null, 32050)).toBeNull();
  });
});
