import { describe, expect, it } from 'vitest';
import { addMonthsClamped, todayInSaoPaulo } from '../dates/calendar.js';
import { completeCnpj, completeCpf } from '../documents/cpf-cnpj.js';
import { clienteSchema, consultaDocumentoSchema, negarGarantiaParamsSchema, solicitaGarantiaSchema } from './schemas.js';

const next = (n: number) => addMonthsClamped(todayInSaoPaulo(), n);
const payload = (over: Record<string, unknown> = {}) => ({
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
  qtd_titulos: 2,
  titulos: [
    { parcela: 1, valor: 100, vencimento: next(1) },
    { parcela: 2, valor: 100, vencimento: next(2) },
  ],
  ...over,
});
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // the first message per field, as the API and the web forms show it
  Object.fromEntries([...(r.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]));

describe('guarantee request schemas', () => {
  it('requires and validates the lookup document', () => {
    expect(errorsOf(consultaDocumentoSchema.safeParse({ documento: '' }))).toEqual({ documento: 'É obrigatório informar um CPF/CNPJ para consulta' });
    expect(errorsOf(consultaDocumentoSchema.safeParse({ documento: '123.456.789-00' }))).toEqual({ documento: 'Informe um CPF/CNPJ válido!' });
    expect(consultaDocumentoSchema.parse({ documento: '529.982.247-25' }).documento).toBe('52998224725');
  });

  it('accepts a complete payload and answers digits', () => {
    const r = solicitaGarantiaSchema(12).parse(payload());
    expect(r.cep).toBe('01310100');
    expect(r.telefone1).toBe('11987654321');
  });

  it('refuses renda below 300, one instalment, more than the maximum and a count mismatch', () => {
    expect(errorsOf(solicitaGarantiaSchema().safeParse(payload({ renda: 299.99 })))).toMatchObject({ renda: 'A renda informada não pode ser menor que R$ 300,00' });
    expect(errorsOf(solicitaGarantiaSchema().safeParse(payload({ qtd_titulos: 1, titulos: [payload().titulos[0]] })))).toMatchObject({ qtd_titulos: 'Informe no mínimo 2 parcelas' });
    expect(errorsOf(solicitaGarantiaSchema(3).safeParse(payload({ qtd_titulos: 4 })))).toMatchObject({ qtd_titulos: 'A empresa permite no máximo 3 parcelas' });
    expect(errorsOf(solicitaGarantiaSchema().safeParse(payload({ qtd_titulos: 3 })))).toMatchObject({ titulos: 'Informe as 3 parcelas' });
    const past = payload({ titulos: [{ parcela: 1, valor: 100, vencimento: '2020-01-01' }, payload().titulos[1]] });
    expect(errorsOf(solicitaGarantiaSchema().safeParse(past))).toMatchObject({ 'titulos.0.vencimento': 'O vencimento não pode ser anterior a hoje' });
  });

  it('says "Campo obrigatório" for every required customer field', () => {
    const empty = Object.fromEntries(
      ['nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'bairro', 'uf', 'cidade', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'telefone1'].map((k) => [k, '']),
    );
    const errors = errorsOf(clienteSchema.safeParse({ ...payload(), ...empty }));
    for (const k of Object.keys(empty)) expect(errors[k], k).toBe('Campo obrigatório');
    expect(errors.complemento).toBeUndefined();
  });

  it('requires socio_avalista and a valid cpf_avalista for a CNPJ only', () => {
    const cnpj = completeCnpj('112223330001');
    expect(errorsOf(clienteSchema.safeParse(payload({ cpf_cnpj: cnpj })))).toEqual({ socio_avalista: 'Campo obrigatório', cpf_avalista: 'Campo obrigatório' });
    expect(errorsOf(clienteSchema.safeParse(payload({ cpf_cnpj: cnpj, socio_avalista: 'Sócio', cpf_avalista: '111.111.111-11' })))).toEqual({ cpf_avalista: 'Informe um CPF válido!' });
    expect(clienteSchema.safeParse(payload({ cpf_cnpj: cnpj, socio_avalista: 'Sócio', cpf_avalista: '529.982.247-25' })).success).toBe(true);
  });

  it('says "Campo obrigatório" on the avalista fields of an empty CNPJ form together with the others', () => {
    // the wizard's empty form: every text '', renda null — an empty date once hid the avalista check
    const empty = { ...Object.fromEntries(['nome_razao', 'data_nascimento', 'cep', 'telefone1', 'socio_avalista', 'cpf_avalista'].map((k) => [k, ''])), renda: null };
    const cnpj = completeCnpj('112223330001');
    for (const schema of [clienteSchema, solicitaGarantiaSchema()]) {
      const errors = errorsOf(schema.safeParse({ ...payload({ cpf_cnpj: cnpj, qtd_titulos: 3 }), ...empty }));
      for (const k of Object.keys(empty)) expect(errors[k], k).toBe('Campo obrigatório');
    }
    // a malformed date says so once, and still leaves the avalista check running
    const malformed = errorsOf(clienteSchema.safeParse({ ...payload({ cpf_cnpj: cnpj }), data_nascimento: '2020-13-45' }));
    expect(malformed).toEqual({ data_nascimento: 'Informe uma data válida!', socio_avalista: 'Campo obrigatório', cpf_avalista: 'Campo obrigatório' });
    // the instalment list check still runs beside the avalista one
    expect(errorsOf(solicitaGarantiaSchema().safeParse(payload({ cpf_cnpj: cnpj, qtd_titulos: 3 })))).toMatchObject({
      socio_avalista: 'Campo obrigatório',
      titulos: 'Informe as 3 parcelas',
    });
    expect(clienteSchema.safeParse(null).success).toBe(false);
  });

  it('accepts only the spec deny reasons', () => {
    expect(negarGarantiaParamsSchema.safeParse({ id: '1', motivo: 'Filling', observacao: 'x' }).success).toBe(true);
    expect(negarGarantiaParamsSchema.safeParse({ id: '1', motivo: 'Qualquer', observacao: 'x' }).success).toBe(false);
  });
});
