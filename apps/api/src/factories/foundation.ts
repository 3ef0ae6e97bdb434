import { completeCnpj, defaultPermissions, NIVEL, type Nivel } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { empresa, usuario } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password-hash.js';

/**
 * Factories shared by the demo seed and the tests (HOUSE-STYLE habit 5). Each returns the inserted
 * row; unique fields get a per-process counter so parallel test files never collide.
 */
let counter = 0;
const unique = () => `${process.pid % 10000}${Date.now() % 100000}${++counter}`.slice(-8).padStart(8, '0');

export type EmpresaOverrides = Partial<typeof empresa.$inferInsert>;

export async function createEmpresa(db: DbOrTx, overrides: EmpresaOverrides = {}) {
  const n = unique();
  const [row] = await db
    .insert(empresa)
    .values({
      cnpj: completeCnpj(`${n}0001`),
      razao: `Empresa Teste ${n} Ltda`,
      fantasia: `Empresa Teste ${n}`,
      cep: '01310100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      email: `contato${n}@example.com`,
      tel1: '1133334444',
      comissao_franqueado: '10',
      valor_consulta: '3.5',
      mensalidade: '150',
      taxa_prorrata: '0.1',
      antecipa: 'N',
      qtd_max_parcelas: 12,
      simula_venda: 'N',
      situacao: 'ATIVA',
      ...overrides,
    })
    .returning();
  return row;
}

export type UsuarioOverrides = Partial<Omit<typeof usuario.$inferInsert, 'password_hash'>> & { password?: string };

export async function createUsuario(db: DbOrTx, overrides: UsuarioOverrides = {}) {
  const n = unique();
  const { password = 'senha12345', ...rest } = overrides;
  const nivel = (rest.nivel ?? '1') as Nivel;
  const [row] = await db
    .insert(usuario)
    .values({
      name: `Usuário Teste ${n}`,
      login: `user${n}`,
      email: `user${n}@example.com`,
      setor: nivel === NIVEL.ADMINISTRADOR ? 'Administração' : 'Vendas',
      permissoes: defaultPermissions(nivel),
      situacao: 'ATIVO',
      token_version: 0,
      ...rest,
      nivel,
      password_hash: await hashPassword(password),
    })
    .returning();
  return { ...row, password };
}
