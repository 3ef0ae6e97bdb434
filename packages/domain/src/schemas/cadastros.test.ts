import { describe, expect, it } from 'vitest';
import { completeCnpj, completeCpf } from '../documents/cpf-cnpj.js';
import { empresaSchema } from './empresa.js';
import { pessoaSchema, telefoneSchema } from './pessoa.js';
import { usuarioCreateFormSchema, usuarioCreateSchema } from './usuario.js';

const cnpj = completeCnpj('112223330001');
const empresaBase = { cnpj, razao: 'Razão Ltda', fantasia: 'Fantasia', cep: '01310-100', endereco: 'Av. Paulista', numero: '10', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'sp' };

describe('empresaSchema', () => {
  it('leaves absent commercial terms absent (so the server can tell who sent them)', () => {
    const v = empresaSchema.parse(empresaBase);
    expect(v).toMatchObject({ cnpj, cep: '01310100', uf: 'SP', email: null, tel1: null });
    expect('comissao_franqueado' in v && v.comissao_franqueado !== undefined).toBe(false);
    expect(v.franqueado_id).toBeUndefined();
  });
  it('accepts only a valid CNPJ (no CPF, no repeated digits)', () => {
    for (const bad of [completeCpf('529982247'), '11.111.111/1111-11', '00000000000000', '11.222.333/0001-00']) {
      const r = empresaSchema.safeParse({ ...empresaBase, cnpj: bad });
      expect(r.success).toBe(false);
    }
  });
  it('requires the required fields with the spec message and taxa_antecipacao when antecipa is S', () => {
    const r = empresaSchema.safeParse({ cnpj: '', razao: '', antecipa: 'S', taxa_antecipacao: '' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.reverse().map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({ cnpj: 'Campo obrigatório', razao: 'Campo obrigatório', fantasia: 'Campo obrigatório', cep: 'Campo obrigatório' });
    const r2 = empresaSchema.safeParse({ ...empresaBase, antecipa: 'S', taxa_antecipacao: '' });
    expect(r2.error!.issues[0]).toMatchObject({ path: ['taxa_antecipacao'], message: 'Campo obrigatório' });
    expect(empresaSchema.parse({ ...empresaBase, antecipa: 'S', taxa_antecipacao: 2.5, franqueado_id: '3', limite_boleto: null })).toMatchObject({ taxa_antecipacao: 2.5, franqueado_id: 3, limite_boleto: null });
  });
});

describe('pessoaSchema', () => {
  const base = { cpf_cnpj: completeCpf('529982247'), nome_razao: 'Fulana', cep: '01310100', endereco: 'Av', numero: '1', bairro: 'B', cidade: 'C', uf: 'SP' };
  it('enforces the minimum renda and drops avalista data from CPF people', () => {
    expect(pessoaSchema.safeParse({ ...base, renda: 299.99 }).error!.issues[0].message).toBe('A renda informada não pode ser menor que R$ 300,00');
    expect(pessoaSchema.parse({ ...base, socio_avalista: 'X', cpf_avalista: completeCpf('725184936') })).toMatchObject({ socio_avalista: null, cpf_avalista: null, renda: null });
    const pj = pessoaSchema.parse({ ...base, cpf_cnpj: cnpj, socio_avalista: 'Sócio', cpf_avalista: completeCpf('725184936') });
    expect(pj.socio_avalista).toBe('Sócio');
  });
});

describe('telefoneSchema', () => {
  it('accepts a space after the area code', () => {
    expect(telefoneSchema.parse({ pessoa_id: '4', telefone: '(11) 98765-4321', contato: 'Mãe' })).toEqual({ pessoa_id: 4, telefone: '11987654321', contato: 'Mãe' });
  });
});

describe('usuario schemas', () => {
  const base = { name: 'Nome', login: 'nome.sobrenome', nivel: '1', empresa_id: '2', password: 'segredo123' };
  it('needs an empresa except for administradores, and a matching confirmation on the form', () => {
    expect(usuarioCreateSchema.safeParse({ ...base, empresa_id: null }).error!.issues[0].path).toEqual(['empresa_id']);
    expect(usuarioCreateSchema.parse({ ...base, nivel: '2', empresa_id: null }).empresa_id).toBeNull();
    const r = usuarioCreateFormSchema.safeParse({ ...base, password_confirmation: 'outra' });
    expect(r.error!.issues[0]).toMatchObject({ path: ['password_confirmation'], message: 'A confirmação deve ser igual à nova senha' });
    expect(usuarioCreateSchema.safeParse({ ...base, password: 'curta' }).success).toBe(false);
  });

  it('refuses a password equal to the login, whatever its case (decision 106)', () => {
    for (const password of ['nome.sobrenome', 'Nome.Sobrenome', ' NOME.SOBRENOME ']) {
      const r = usuarioCreateSchema.safeParse({ ...base, password });
      expect(r.error!.issues).toEqual([expect.objectContaining({ path: ['password'], message: 'A senha não pode ser igual ao login' })]);
      const form = usuarioCreateFormSchema.safeParse({ ...base, password, password_confirmation: password });
      expect(form.error!.issues[0]).toMatchObject({ path: ['password'], message: 'A senha não pode ser igual ao login' });
    }
    expect(usuarioCreateSchema.safeParse({ ...base, password: 'nome.sobrenome1' }).success).toBe(true);
  });
});
