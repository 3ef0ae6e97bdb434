import { describe, expect, it } from 'vitest';
import { simulateSettlement } from '../settlement/simulate-settlement.js';
import { addMonthsClamped, todayInSaoPaulo } from '../dates/calendar.js';
import { settlementFigureDifferences, type SentSettlementFigures } from './acordo-figures.js';
import { acordoCreateSchema, agendamentoSchema, mesRange, mesSchema } from './cobranca-schemas.js';
import { spcAvisoTexto } from './spc-aviso.js';

// docs/financial-math.md worked examples: today 10/03/2025, three boletos.
const boletos = [
  { amountCents: 25002, dueDate: '2025-01-15' },
  { amountCents: 18055, dueDate: '2025-02-20' },
  { amountCents: 32010, dueDate: '2025-03-25' },
];
const exampleD = simulateSettlement({ boletos, today: '2025-03-10', installments: 2, firstAmountCents: 40000, discountCents: 586, dueDates: ['2025-03-15', '2025-05-15'] });

function sentOf(sim = exampleD): SentSettlementFigures {
  return { baseCents: sim.baseCents, updatedCents: sim.updatedCents, totalCents: sim.totalCents, installments: sim.installments.map((p) => ({ ...p })) };
}

describe('settlementFigureDifferences (example D of docs/financial-math.md)', () => {
  it('is empty when the screen showed exactly the plan the server computes', () => {
    expect(exampleD).toMatchObject({ baseCents: 75067, updatedCents: 83586, totalCents: 91656 });
    expect(exampleD.installments.map((p) => p.amountCents)).toEqual([40000, 51656]);
    expect(settlementFigureDifferences(sentOf(), exampleD)).toEqual([]);
  });

  it('names every figure a tampered request changed', () => {
    const sent = sentOf();
    const tampered: SentSettlementFigures = {
      ...sent,
      totalCents: sent.totalCents - 1000,
      installments: [sent.installments[0], { ...sent.installments[1], amountCents: 50656 }],
    };
    expect(settlementFigureDifferences(tampered, exampleD)).toEqual(['totalParcelamento', 'parcelas[2].valor']);
    expect(settlementFigureDifferences({ ...sent, baseCents: 1, updatedCents: 2 }, exampleD)).toEqual(['valor_sem_juros', 'valor_atualizado']);
    expect(settlementFigureDifferences({ ...sent, installments: [sent.installments[0]] }, exampleD)).toEqual(['parcelas']);
    const moved = { ...sent, installments: [sent.installments[0], { ...sent.installments[1], dueDate: '2025-05-16' }] };
    expect(settlementFigureDifferences(moved, exampleD)).toEqual(['parcelas[2].vencimento']);
  });

  it('a day later the same request no longer matches (juros moved)', () => {
    const nextDay = simulateSettlement({ boletos, today: '2025-03-11', installments: 2, firstAmountCents: 40000, discountCents: 586, dueDates: ['2025-03-15', '2025-05-15'] });
    expect(settlementFigureDifferences(sentOf(), nextDay)).toContain('valor_atualizado');
  });
});

describe('acordoCreateSchema', () => {
  const today = todayInSaoPaulo();
  const body = {
    pessoa_id: 7,
    boletoIds: [1, 2],
    qtdParcelas: 2,
    vencimentos: [today, addMonthsClamped(today, 1)],
    valorEntrada: 300,
    desconto: '',
    valor_sem_juros: 750.67,
    valor_atualizado: 835.86,
    totalParcelamento: 890.68,
    parcelas: [
      { parcela: 1, vencimento: today, valor: 300 },
      { parcela: 2, vencimento: addMonthsClamped(today, 1), valor: 590.68 },
    ],
  };

  it('accepts the shared simulation fields plus the figures shown (empty discount = 0)', () => {
    const parsed = acordoCreateSchema.parse(body);
    expect(parsed.desconto).toBe(0);
    expect(parsed.parcelas).toHaveLength(2);
  });

  it('applies the plan rules of the shared form schema', () => {
    const r = acordoCreateSchema.safeParse({ ...body, vencimentos: [addMonthsClamped(today, 1), today] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('Cada vencimento deve ser posterior ao da parcela anterior.');
    const repeated = acordoCreateSchema.safeParse({ ...body, boletoIds: [1, 1] });
    expect(repeated.error?.issues.map((i) => i.message)).toContain('O mesmo boleto foi informado mais de uma vez.');
  });
});

describe('agendamentoSchema and mesSchema', () => {
  it('requires data and descrição (spec §5 Note)', () => {
    const r = agendamentoSchema.safeParse({ data: '', descricao: '  ', pessoa_id: 1 });
    expect(r.success).toBe(false);
    // the first message of each field is the one a form shows
    const fields = Object.fromEntries(r.error!.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ data: 'Campo obrigatório', descricao: 'Campo obrigatório' });
  });

  it('takes a month as YYYY-MM and gives its half-open range', () => {
    expect(mesSchema.safeParse('2025-13').success).toBe(false);
    expect(mesSchema.safeParse('').error?.issues[0].message).toBe('Campo obrigatório');
    expect(mesRange('2025-02')).toEqual({ inicio: '2025-02-01', fim: '2025-03-01' });
    expect(mesRange('2025-12')).toEqual({ inicio: '2025-12-01', fim: '2026-01-01' });
  });
});

describe('spcAvisoTexto', () => {
  it('cites CDC art. 43 § 2º and the debt, formatted', () => {
    const { subject, text } = spcAvisoTexto({
      nome: 'Ana Souza', cpfCnpj: '52998224725', credor: 'Boleto Garantido', loja: 'Loja Demo', protocolo: '15-3', parcela: 2, vencimento: '2025-01-15', valorCents: 25002, inclusaoEm: '2025-03-20',
    });
    expect(subject).toContain('proteção ao crédito');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('15/01/2025');
    expect(text).toContain('R$ 250,02');
    expect(text).toContain('art. 43, § 2º');
    expect(text).toContain('5 dias úteis');
  });

  it('says the debt will be registered after the notice period, not that it is being registered', () => {
    const { text } = spcAvisoTexto({
      nome: 'Ana Souza', cpfCnpj: '52998224725', credor: 'Boleto Garantido', loja: 'Loja Demo', protocolo: '15-3', parcela: 2, vencimento: '2025-01-15', valorCents: 25002, inclusaoEm: '2025-03-20',
    });
    expect(text).toContain('será registrado no cadastro de proteção ao crédito (SPC) a partir de 20/03/2025');
    expect(text).not.toContain('está sendo registrado');
  });

  it('with the registered letter: the period counted from the posting (no date known yet), and the messages say a letter went too', () => {
    const base = { nome: 'Ana Souza', cpfCnpj: '52998224725', credor: 'Boleto Garantido', loja: 'Loja Demo', protocolo: '15-3', parcela: 2, vencimento: '2025-01-15', valorCents: 25002 } as const;
    const carta = spcAvisoTexto({ ...base, prazoDias: 10 }).text;
    expect(carta).toContain('será registrado no cadastro de proteção ao crédito (SPC) após 10 dias da postagem da carta registrada deste aviso');
    expect(carta).not.toContain('também foi enviado por carta');
    expect(spcAvisoTexto({ ...base, prazoDias: 1, comCarta: true }).text).toContain('após 1 dia da postagem');
    expect(spcAvisoTexto({ ...base, prazoDias: 10, comCarta: true }).text).toContain('Este aviso também foi enviado por carta registrada ao seu endereço.');
  });
});
