import { z } from 'zod';
import { contaCobrancaSchema } from '../boleto/conta-cobranca-schema.js';
import { idParamSchema } from '../schemas/common.js';
import { defineContract } from './contract.js';
import { id, okData, timestamp } from './envelope.js';

const tags = ['conta de cobrança'];

/** How an account came to be: the admin screen, the BOLETO_* variables, or the demo seed. */
export const CONTA_COBRANCA_ORIGENS = ['ADMIN', 'ENV', 'SEED'] as const;
export type ContaCobrancaOrigem = (typeof CONTA_COBRANCA_ORIGENS)[number];

/** The beneficiary's bank account as the admin screen reads it (never its sequence's name). */
export const contaCobrancaJson = z.object({
  id,
  banco: z.string(),
  agencia: z.string(),
  conta: z.string().nullable(),
  codigo_beneficiario: z.string(),
  carteira: z.string(),
  nome: z.string(),
  cnpj: z.string(),
  cep: z.string(),
  endereco: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
  pix_chave: z.string().nullable(),
  origem: z.enum(CONTA_COBRANCA_ORIGENS),
  /** 0184 (decision 126): in use (never deleted: deactivated), the house default, its remessas' layout and mode. */
  ativa: z.boolean(),
  padrao: z.boolean(),
  layout_cnab: z.union([z.literal(240), z.literal(400)]),
  modo: z.enum(['CNAB', 'API']),
  updated_at: timestamp,
});

/** A conta in Administração > Contas de Cobrança's list: what it issued and which shops use it by default. */
export const contaCobrancaListadaJson = contaCobrancaJson.extend({
  boletos_emitidos: z.number().int(),
  empresas: z.array(z.object({ id, nome: z.string() })),
});

/** A bank a conta may name (the engine's registries: cnab/bancos-de-cobranca.ts). */
export const bancoDeCobrancaJson = z.object({
  codigo: z.string(),
  nome: z.string(),
  layouts: z.array(z.union([z.literal(240), z.literal(400)])),
  api: z.boolean(),
});

/** A shop's own conta (null: the house default). */
export const empresaContaSchema = z.object({
  conta_cobranca_id: z.union([id, z.null()], { error: 'Conta de cobrança inválida.' }),
});

export const CONTA_COBRANCA_MSG = {
  padraoNaoDesativa: 'Esta é a conta padrão da casa: escolha outra conta padrão antes de desativá-la.',
  inativa: 'Esta conta de cobrança está desativada: reative-a antes.',
  naoEncontrada: 'Conta de cobrança não encontrada.',
  somenteAdministrador: 'Somente administradores gerenciam as contas de cobrança.',
} as const;

/** Administração > Conta de Cobrança (administradores only). */
export const contaCobrancaContracts = {
  get: defineContract({
    method: 'GET', path: '/api/contaCobranca/get', access: 'admin', tags,
    summary: 'Conta de cobrança padrão da casa (null quando não configurada) e quantos boletos emitiu',
    response: okData(contaCobrancaJson.extend({ boletos_emitidos: z.number().int() }).nullable()),
  }),
  bancos: defineContract({
    method: 'GET', path: '/api/contaCobranca/bancos', access: 'admin', tags,
    summary: 'Bancos que uma conta pode usar (perfil de boleto e remessa CNAB 240/400 ou API) e seus layouts',
    response: okData(z.array(bancoDeCobrancaJson)),
  }),
  list: defineContract({
    method: 'GET', path: '/api/contaCobranca/list', access: 'admin', tags,
    summary: 'Todas as contas de cobrança (ativas e desativadas), a padrão da casa e as lojas que usam cada uma',
    response: okData(z.array(contaCobrancaListadaJson)),
  }),
  create: defineContract({
    method: 'POST', path: '/api/contaCobranca/create', access: 'admin', tags,
    summary: 'Cadastrar mais uma conta de cobrança (a primeira vira a padrão da casa)',
    body: contaCobrancaSchema,
    response: okData(contaCobrancaJson),
  }),
  update: defineContract({
    method: 'POST', path: '/api/contaCobranca/update/:id', access: 'admin', tags,
    summary: 'Alterar uma conta (mudar banco, agência, conta, beneficiário, carteira ou layout cria outra conta no lugar dela)',
    params: idParamSchema,
    body: contaCobrancaSchema,
    response: okData(z.object({ id, nova: z.boolean(), conta: contaCobrancaJson })),
  }),
  desativar: defineContract({
    method: 'POST', path: '/api/contaCobranca/desativar/:id', access: 'admin', tags,
    summary: 'Desativar uma conta (seus boletos continuam nela; as lojas que a usavam passam à padrão da casa)',
    params: idParamSchema,
    response: okData(contaCobrancaJson),
  }),
  reativar: defineContract({
    method: 'POST', path: '/api/contaCobranca/reativar/:id', access: 'admin', tags,
    summary: 'Reativar uma conta desativada',
    params: idParamSchema,
    response: okData(contaCobrancaJson),
  }),
  padrao: defineContract({
    method: 'POST', path: '/api/contaCobranca/padrao/:id', access: 'admin', tags,
    summary: 'Tornar a conta a padrão da casa (lojas sem conta própria emitem nela)',
    params: idParamSchema,
    response: okData(contaCobrancaJson),
  }),
  empresa: defineContract({
    method: 'POST', path: '/api/contaCobranca/empresa/:id', access: 'admin', tags,
    summary: 'Conta de cobrança própria da loja (null: a padrão da casa)',
    params: idParamSchema,
    body: empresaContaSchema,
    response: okData(z.object({ empresa_id: id, conta_cobranca_id: id.nullable() })),
  }),
  save: defineContract({
    method: 'POST', path: '/api/contaCobranca/save', access: 'admin', tags,
    summary: 'Cadastrar ou alterar a conta padrão da casa (mudar banco, agência, conta, beneficiário ou carteira cria outra conta)',
    body: contaCobrancaSchema,
    response: okData(z.object({ id, nova: z.boolean(), conta: contaCobrancaJson })),
  }),
};
