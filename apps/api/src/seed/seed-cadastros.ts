import { eq } from 'drizzle-orm';
import { completeCnpj, completeCpf } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { empresa, usuario } from '../db/schema/index.js';
import { createEmpresa } from '../factories/foundation.js';
import { createPessoa } from '../factories/garantia.js';
import { createCepCache, createCpfSuspeito } from '../factories/cadastros.js';

/**
 * The demo addresses of the CEP cache: the offline default answers only these (DOMAIN.md
 * Integrations), so every demo address form fills itself.
 */
export const DEMO_CEPS = [
  { cep: '01310100', endereco: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' },
  { cep: '04538133', endereco: 'Avenida Brigadeiro Faria Lima', complemento: 'de 3253 ao fim - lado ímpar', bairro: 'Itaim Bibi', cidade: 'São Paulo', uf: 'SP' },
  { cep: '20040020', endereco: 'Avenida Rio Branco', complemento: 'de 1 a 111 - lado ímpar', bairro: 'Centro', cidade: 'Rio de Janeiro', uf: 'RJ' },
  { cep: '22021001', endereco: 'Avenida Atlântica', complemento: 'de 1702 a 2208 - lado par', bairro: 'Copacabana', cidade: 'Rio de Janeiro', uf: 'RJ' },
  { cep: '30130010', endereco: 'Praça Sete de Setembro', complemento: '', bairro: 'Centro', cidade: 'Belo Horizonte', uf: 'MG' },
  { cep: '80010000', endereco: 'Praça Tiradentes', complemento: '', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' },
  { cep: '40010000', endereco: 'Avenida Estados Unidos', complemento: '', bairro: 'Comércio', cidade: 'Salvador', uf: 'BA' },
  { cep: '90010000', endereco: 'Rua dos Andradas', complemento: '', bairro: 'Centro Histórico', cidade: 'Porto Alegre', uf: 'RS' },
  { cep: '70040010', endereco: 'Setor Bancário Sul Quadra 1', complemento: '', bairro: 'Asa Sul', cidade: 'Brasília', uf: 'DF' },
  { cep: '88010000', endereco: 'Rua Felipe Schmidt', complemento: '', bairro: 'Centro', cidade: 'Florianópolis', uf: 'SC' },
] as const;

/** Demo data of the cadastros area; runs after seedFoundation, in the same transaction. */
export async function seedCadastros(db: DbOrTx) {
  for (const address of DEMO_CEPS) await createCepCache(db, { ...address, provider: 'seed' });

  const [franquia] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Franquia Demo'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));

  // A second franchisee of Franquia Demo, so the Franqueados screen lists more than one.
  const otica = await createEmpresa(db, {
    cnpj: completeCnpj('318274650001'),
    razao: 'Ótica Visão Clara Comércio Ltda',
    fantasia: 'Ótica Visão Clara',
    cep: '30130010',
    endereco: 'Praça Sete de Setembro',
    numero: '45',
    complemento: 'Sala 3',
    bairro: 'Centro',
    cidade: 'Belo Horizonte',
    uf: 'MG',
    email: 'contato@oticavisaoclara.com.br',
    tel1: '3132145566',
    responsavel: 'Beatriz Lima',
    franqueado_id: franquia?.id ?? null,
    limite_cpf_cnpj: '15000',
    limite_boleto: '3000',
  });

  // identities only: what the Loja Demo typed about them is its view, made with its guarantees
  // (seedGarantias gives each its DEMO_PEOPLE data and phones, decision 104)
  const pessoas = [];
  for (const p of DEMO_PEOPLE) pessoas.push(await createPessoa(db, { tipo_pessoa: p.cpf_cnpj.length === 14 ? 'J' : 'F', cpf_cnpj: p.cpf_cnpj, nome_razao: p.nome_razao, data_nascimento: p.data_nascimento }));

  await createCpfSuspeito(db, { cpf_cnpj: completeCpf('418620573'), motivo: 'Documento com indício de fraude', usuario_id: admin?.id ?? null });
  await createCpfSuspeito(db, { cpf_cnpj: completeCpf('903152684'), motivo: 'Contestação de compra não reconhecida pelo titular', usuario_id: admin?.id ?? null });

  return { otica, pessoas };
}

/**
 * The demo customers: identity (document, name, birth date) and what the Loja Demo typed about
 * them in its requests — its view (decision 104).
 */
export const DEMO_PEOPLE = [
  { cpf_cnpj: completeCpf('529982247'), nome_razao: 'Mariana Souza Oliveira', data_nascimento: '1988-03-12', dados: { ...addr('01310100'), numero: '900', complemento: 'Apto 71', telefone1: '11987651234', telefone2: '1132654400', ocupacao: 'Enfermeira', renda: '4800.00', ref_pessoal: 'Carla Souza', tel_ref_pessoal: '11976543210' } },
  { cpf_cnpj: completeCpf('381726450'), nome_razao: 'João Pedro Almeida', data_nascimento: '1979-11-02', dados: { ...addr('20040020'), numero: '85', complemento: 'Sala 1002', telefone1: '21998761122', ocupacao: 'Contador', renda: '7200.00', ref_pessoal: 'Ricardo Almeida', tel_ref_pessoal: '21987650011', ref_comercial: 'Casa & Lar Móveis', tel_ref_comercial: '2125436789' } },
  { cpf_cnpj: completeCpf('674319825'), nome_razao: 'Ana Carolina Ribeiro', data_nascimento: '1995-07-25', dados: { ...addr('80010000'), numero: '120', complemento: '', telefone1: '41991237788', ocupacao: 'Professora', renda: '3900.00', ref_pessoal: 'Paulo Ribeiro', tel_ref_pessoal: '41988776655' } },
  { cpf_cnpj: completeCnpj('193847560001'), nome_razao: 'Padaria Pão Dourado Ltda', data_nascimento: '2012-05-10', dados: { ...addr('90010000'), numero: '410', complemento: '', telefone1: '5132251010', ocupacao: 'Panificação', renda: '38000.00', ref_pessoal: 'Sérgio Martins', tel_ref_pessoal: '51999887766', socio_avalista: 'Sérgio Martins', cpf_avalista: completeCpf('725184936') } },
];

function addr(cep: (typeof DEMO_CEPS)[number]['cep']) {
  const a = DEMO_CEPS.find((c) => c.cep === cep)!;
  return { cep: a.cep, endereco: a.endereco, bairro: a.bairro, cidade: a.cidade, uf: a.uf };
}
