import { cnabAccountFromConta, readRemessa240, todayInSaoPaulo, addDays, writeRetorno240, type RemessaEntryRead, type RetornoTitleInput } from '@bg/domain';

/** The demo conta de cobrança (Caixa 104, beneficiário 123456), as the seed configures it. */
const DEMO_ACCOUNT = cnabAccountFromConta({
  banco: '104',
  agencia: '1234',
  conta: null,
  codigo_beneficiario: '123456',
  carteira: 'RG',
  nome: 'Boleto Garantido Serviços Financeiros Ltda',
  cnpj: '11222333000181',
});

/**
 * Test helper playing the bank: reads a downloaded remessa with the domain's readRemessa240 and
 * writes its answer with writeRetorno240 — "entrada confirmada" (02) for every entrada, and
 * "liquidação" (06, paid with a fee, credited the next day) for those `liquidar` picks; plus
 * `naoEncontrados` titles with nosso números the account never issued (to make the file bigger).
 */
export async function bankAnswer(remessa: Buffer, options: { liquidar: (e: RemessaEntryRead) => boolean; naoEncontrados?: number }): Promise<{ bytes: Buffer; entradas: RemessaEntryRead[] }> {
  const entradas: RemessaEntryRead[] = [];
  for await (const e of readRemessa240([remessa])) if (e.kind === 'entrada') entradas.push(e);
  const today = todayInSaoPaulo();
  const titles: RetornoTitleInput[] = [];
  for (const e of entradas) {
    const base = { ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? today, amountCents: e.amountCents, occurrenceDate: today };
    titles.push({ ...base, movement: '02' });
    if (options.liquidar(e)) titles.push({ ...base, movement: '06', paidCents: e.amountCents, feeCents: 250, creditDate: addDays(today, 1) });
  }
  for (let i = 0; i < (options.naoEncontrados ?? 0); i++) {
    titles.push({ movement: '06', ourNumber: 900_000_000 + i, documentNumber: `X${i}`, dueDate: today, amountCents: 1000, paidCents: 1000, occurrenceDate: today });
  }
  return { bytes: writeRetorno240({ account: DEMO_ACCOUNT, fileNumber: 900 + (Date.now() % 90000), generatedAt: new Date(), titles }), entradas };
}
