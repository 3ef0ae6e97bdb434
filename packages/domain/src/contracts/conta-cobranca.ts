import { z } from 'zod';
import { contaCobrancaSchema } from '../boleto/conta-cobranca-schema.js';
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
  updated_at: timestamp,
});

/** Administração > Conta de Cobrança (administradores only). */
export const contaCobrancaContracts = {
  get: defineContract({
    method: 'GET', path: '/api/contaCobranca/get', access: 'admin', tags,
    summary: 'Conta de cobrança ativa (null quando não configurada) e quantos boletos emitiu',
    response: okData(contaCobrancaJson.extend({ boletos_emitidos: z.number().int() }).nullable()),
  }),
  save: defineContract({
    method: 'POST', path: '/api/contaCobranca/save', access: 'admin', tags,
    summary: 'Cadastrar ou alterar a conta de cobrança (mudar banco, agência, conta, beneficiário ou carteira cria outra conta)',
    body: contaCobrancaSchema,
    response: okData(z.object({ id, nova: z.boolean(), conta: contaCobrancaJson })),
  }),
};
