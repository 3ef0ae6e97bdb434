import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDays, addMonthsClamped, todayInSaoPaulo } from './calendar.js';
import { DATE_MSG, nascimentoProblem, ultimoVencimentoAceito, vencimentoProblem, vencimentosForaDeOrdem } from './date-limits.js';
import { FATOR_ULTIMO_VENCIMENTO } from '../boleto/fator-vencimento.js';
import { completeCpf } from '../documents/cpf-cnpj.js';
import { acertoAtendimentoSchema, clienteSchema, solicitaGarantiaSchema } from '../garantia/schemas.js';
import { boletoAvulsoSchema } from '../contracts/boleto-avulso.js';
import { createAntecipacaoBody } from '../contracts/antecipacao.js';
import { acordoCreateSchema, agendamentoSchema, mesSchema } from '../cobranca/cobranca-schemas.js';
import { settlementSimulationSchema } from '../settlement/settlement-schema.js';
import { pessoaSchema } from '../schemas/pessoa.js';
import { isoDateSchema } from '../schemas/common.js';

// Issue 23: one boleto due 9999-12-31, accepted from any shop, made every Gerar Remessa fail and
// its barcode encoded another date. Every date is now checked where it enters (decision 105).

const today = todayInSaoPaulo();
const next = (n: number) => addMonthsClamped(today, n);
const limit = ultimoVencimentoAceito(today);

/** The messages of a parse, by path (the first per field, as the API and the forms show them). */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  return Object.fromEntries([...(r.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]));
}

const cliente = {
  cpf_cnpj: completeCpf('123456789'),
  nome_razao: 'João da Silva',
  data_nascimento: '1980-01-01',
  cep: '01310-100',
  endereco: 'Av. Paulista',
  numero: '10',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  ref_pessoal: 'Maria',
  tel_ref_pessoal: '(11)91234-5678',
  ocupacao: 'Vendedor',
  renda: 1500,
  telefone1: '(11)98765-4321',
};
const pedido = (vencimentos: string[]) => ({
  ...cliente,
  qtd_titulos: vencimentos.length,
  titulos: vencimentos.map((vencimento, i) => ({ parcela: i + 1, valor: 100, vencimento })),
});

describe('date limits', () => {
  it('due dates: today up to 10 years ahead, never past the fator range', () => {
    expect(limit).toBe(addMonthsClamped(today, 120));
    expect(vencimentoProblem(today, today)).toBeNull();
    expect(vencimentoProblem(limit, today)).toBeNull();
    expect(vencimentoProblem(addDays(limit, 1), today)).toBe(DATE_MSG.vencimentoDistante(limit));
    expect(vencimentoProblem('9999-12-31', today)).toBe(DATE_MSG.vencimentoDistante(limit));
    expect(vencimentoProblem(addDays(today, -1), today)).toBe(DATE_MSG.vencimentoPassado);
    expect(vencimentoProblem(addDays(today, -1), today, { allowPast: true })).toBeNull();
    // in 2045 ten years ahead would pass the fator's last day
    expect(ultimoVencimentoAceito('2045-01-01')).toBe(FATOR_ULTIMO_VENCIMENTO);
  });

  it('birth dates: 1900-01-01 to today', () => {
    expect(nascimentoProblem('1900-01-01', today)).toBeNull();
    expect(nascimentoProblem('1899-12-31', today)).toBe(DATE_MSG.nascimentoAntigo);
    expect(nascimentoProblem(addDays(today, 1), today)).toBe(DATE_MSG.nascimentoFuturo);
    expect(nascimentoProblem('9999-12-31', today)).toBe(DATE_MSG.nascimentoFuturo);
  });

  it('instalments fall due in order', () => {
    expect(vencimentosForaDeOrdem([next(1), next(2), next(3)])).toEqual([]);
    expect(vencimentosForaDeOrdem([next(2), next(1), next(1)])).toEqual([1, 2]);
  });
});

describe('every date field refuses what the bank file or the database cannot hold', () => {
  it('any date: 1900-01-01 to 2099-12-31 (four-digit years, with a day after them)', () => {
    expect(isoDateSchema.parse('2099-12-31')).toBe('2099-12-31');
    expect(errorsOf(isoDateSchema, '9999-12-31')).toEqual({ '': DATE_MSG.foraDoIntervalo });
    expect(errorsOf(isoDateSchema, '1899-12-31')).toEqual({ '': DATE_MSG.foraDoIntervalo });
    expect(errorsOf(isoDateSchema, '31/12/2020')).toEqual({ '': 'Informe uma data válida!' });
  });

  it('the guarantee request (solicitaGarantia): instalments within 10 years, in order; birth date 1900..today', () => {
    expect(solicitaGarantiaSchema().safeParse(pedido([next(1), next(2)])).success).toBe(true);
    expect(errorsOf(solicitaGarantiaSchema(), pedido([next(1), '9999-12-31']))).toEqual({ 'titulos.1.vencimento': DATE_MSG.vencimentoDistante(limit) });
    expect(errorsOf(solicitaGarantiaSchema(), pedido([next(1), addDays(limit, 1)]))).toEqual({ 'titulos.1.vencimento': DATE_MSG.vencimentoDistante(limit) });
    expect(errorsOf(solicitaGarantiaSchema(), pedido([next(2), next(1)]))).toEqual({ 'titulos.1.vencimento': DATE_MSG.vencimentosCrescentes });
    expect(errorsOf(solicitaGarantiaSchema(), pedido([next(1), next(1)]))).toEqual({ 'titulos.1.vencimento': DATE_MSG.vencimentosCrescentes });
    expect(errorsOf(clienteSchema, { ...cliente, data_nascimento: '1899-12-31' })).toEqual({ data_nascimento: DATE_MSG.nascimentoAntigo });
    expect(errorsOf(clienteSchema, { ...cliente, data_nascimento: '9999-12-31' })).toEqual({ data_nascimento: DATE_MSG.nascimentoFuturo });
  });

  it('Acerto de Atendimento / Atualizar (POST /api/boleto/update)', () => {
    expect(acertoAtendimentoSchema.safeParse({ vencimento: limit, valor: 10 }).success).toBe(true);
    expect(errorsOf(acertoAtendimentoSchema, { vencimento: '9999-12-31', valor: 10 })).toEqual({ vencimento: DATE_MSG.vencimentoDistante(limit) });
    expect(errorsOf(acertoAtendimentoSchema, { vencimento: addDays(limit, 1), valor: 10 })).toEqual({ vencimento: DATE_MSG.vencimentoDistante(limit) });
  });

  it('boleto avulso', () => {
    const avulso = { cpf_cnpj: completeCpf('123456789'), nome_razao: 'Fulano', cep: '01310100', endereco: 'Rua A', numero: '1', bairro: 'B', cidade: 'São Paulo', uf: 'SP', valor: 10 };
    expect(boletoAvulsoSchema.safeParse({ ...avulso, vencimento: next(1) }).success).toBe(true);
    expect(errorsOf(boletoAvulsoSchema, { ...avulso, vencimento: addDays(limit, 1) })).toEqual({ vencimento: DATE_MSG.vencimentoDistante(limit) });
  });

  it('acordos (simulation and creation) and agendamentos', () => {
    const plano = { boletoIds: [1], qtdParcelas: 2, valorEntrada: 10, desconto: 0 };
    expect(settlementSimulationSchema.safeParse({ ...plano, vencimentos: [next(1), next(2)] }).success).toBe(true);
    expect(errorsOf(settlementSimulationSchema, { ...plano, vencimentos: [next(1), addDays(limit, 1)] })).toEqual({ 'vencimentos.1': DATE_MSG.vencimentoDistante(limit) });
    const acordo = {
      ...plano,
      pessoa_id: 1,
      vencimentos: [next(1), next(2)],
      valor_sem_juros: 10,
      valor_atualizado: 10,
      totalParcelamento: 10,
      parcelas: [{ parcela: 1, vencimento: next(1), valor: 5 }, { parcela: 2, vencimento: '2199-01-01', valor: 5 }],
    };
    expect(errorsOf(acordoCreateSchema, acordo)).toMatchObject({ 'parcelas.1.vencimento': DATE_MSG.vencimentoDistante(limit) });
    expect(errorsOf(agendamentoSchema, { data: '9999-12-31', descricao: 'x', pessoa_id: 1 })).toEqual({ data: DATE_MSG.foraDoIntervalo });
    expect(errorsOf(mesSchema, '9999-12')).toEqual({ '': DATE_MSG.foraDoIntervalo });
    expect(mesSchema.parse('2026-02')).toBe('2026-02');
  });

  it('antecipação and the person form', () => {
    const body = { data_simulacao: '9999-12-31', boletos: [{ id: 1, valor: 1, vencimento: '9999-12-31', prorata: 1 }], totais: { qtd_boletos: 1, total_boletos: 1, total_prorata: 1, total_taxa_antecipacao: 0, taxa_basica: 0, total_antecipacao: 1 } };
    expect(errorsOf(createAntecipacaoBody, body)).toMatchObject({ data_simulacao: DATE_MSG.foraDoIntervalo, 'boletos.0.vencimento': DATE_MSG.foraDoIntervalo });
    const pessoa = { cpf_cnpj: completeCpf('123456789'), nome_razao: 'Fulano', cep: '01310100', endereco: 'Rua A', numero: '1', bairro: 'B', cidade: 'São Paulo', uf: 'SP' };
    expect(pessoaSchema.safeParse({ ...pessoa, data_nascimento: '' }).success).toBe(true);
    expect(errorsOf(pessoaSchema, { ...pessoa, data_nascimento: '1850-01-01' })).toMatchObject({ data_nascimento: DATE_MSG.nascimentoAntigo });
    expect(errorsOf(pessoaSchema, { ...pessoa, data_nascimento: addDays(today, 1) })).toMatchObject({ data_nascimento: DATE_MSG.nascimentoFuturo });
  });
});
