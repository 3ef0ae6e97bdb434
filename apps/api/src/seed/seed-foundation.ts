import { completeCnpj } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { createEmpresa, createUsuario } from '../factories/foundation.js';
import { DEMO_PASSWORDS } from './demo-logins.js';

export type SeedLog = (line: string) => void;

/** Demo companies and the three demo logins of the README. */
export async function seedFoundation(db: DbOrTx) {
  const franquia = await createEmpresa(db, {
    cnpj: completeCnpj('453219870001'),
    razao: 'Franquia Demo Participações Ltda',
    fantasia: 'Franquia Demo',
    cep: '01310100',
    endereco: 'Avenida Paulista',
    numero: '1578',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    email: 'franquia@demo.com.br',
    responsavel: 'Fernanda Franco',
  });
  const loja = await createEmpresa(db, {
    cnpj: completeCnpj('274615380001'),
    razao: 'Loja Demo Comércio de Móveis Ltda',
    fantasia: 'Loja Demo',
    cep: '20040020',
    endereco: 'Avenida Rio Branco',
    numero: '156',
    complemento: 'Loja 2',
    bairro: 'Centro',
    cidade: 'Rio de Janeiro',
    uf: 'RJ',
    email: 'contato@lojademo.com.br',
    tel1: '2132104000',
    responsavel: 'Lucas Lojista',
    franqueado_id: franquia.id,
    antecipa: 'S',
    taxa_antecipacao: '2.5',
    simula_venda: 'S',
    limite_cpf_cnpj: '20000',
    limite_boleto: '5000',
  });
  const admin = await createUsuario(db, {
    name: 'Ana Administradora',
    login: 'admin',
    password: DEMO_PASSWORDS.admin,
    email: 'admin@boletogarantido.com.br',
    nivel: '2',
    setor: 'Análise de Crédito',
    empresa_id: null,
  });
  const lojaUser = await createUsuario(db, {
    name: 'Lucas Lojista',
    login: 'loja',
    password: DEMO_PASSWORDS.loja,
    email: 'lucas@lojademo.com.br',
    nivel: '1',
    setor: 'Vendas',
    empresa_id: loja.id,
  });
  const franqueado = await createUsuario(db, {
    name: 'Fernanda Franco',
    login: 'franqueado',
    password: DEMO_PASSWORDS.franqueado,
    email: 'fernanda@franquiademo.com.br',
    nivel: '3',
    setor: 'Franquia',
    empresa_id: franquia.id,
  });
  return { franquia, loja, admin, lojaUser, franqueado };
}
