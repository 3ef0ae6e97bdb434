import { z } from 'zod';
import { documentKind } from '../documents/cpf-cnpj.js';
import { MSG } from './messages.js';
import { addressShape, cpfCnpjSchema, idParam, optionalPhoneSchema, optionalText, phoneSchema, requiredText } from './common.js';
import { optionalCpfSchema, optionalDataNascimentoSchema, optionalIdSchema, optionalMoneySchema } from './cadastro-fields.js';

export const RENDA_MINIMA = 300;

/**
 * POST /api/pessoa/update/{id} ("Atualização da Pessoa"); required fields of spec §5 Person. It
 * changes one shop's view of the person (decision 104): the actor's own; an administrador names the
 * view's empresa_id (none: the administradores' own view). cpf_cnpj must be the person's: the
 * identity changes only through updateIdentidade.
 */
export const pessoaSchema = z
  .object({
    empresa_id: optionalIdSchema.optional(),
    cpf_cnpj: cpfCnpjSchema,
    nome_razao: requiredText(150),
    data_nascimento: optionalDataNascimentoSchema,
    ...addressShape,
    telefone1: optionalPhoneSchema,
    telefone2: optionalPhoneSchema,
    ref_comercial: optionalText(150),
    tel_ref_comercial: optionalPhoneSchema,
    ref_pessoal: optionalText(150),
    tel_ref_pessoal: optionalPhoneSchema,
    ocupacao: optionalText(100),
    renda: optionalMoneySchema.optional().transform((v) => v ?? null),
    socio_avalista: optionalText(150),
    cpf_avalista: optionalCpfSchema,
  })
  .superRefine((v, ctx) => {
    if (v.renda !== null && v.renda < RENDA_MINIMA) ctx.addIssue({ code: 'custom', path: ['renda'], message: MSG.rendaMinima });
  })
  .transform((v) => {
    // socio_avalista and cpf_avalista belong to companies (spec §3): a CPF person has none.
    const isCnpj = documentKind(v.cpf_cnpj) === 'CNPJ';
    return { ...v, socio_avalista: isCnpj ? v.socio_avalista : null, cpf_avalista: isCnpj ? v.cpf_avalista : null };
  });
export type PessoaInput = z.infer<typeof pessoaSchema>;

/**
 * POST /api/pessoa/adicionaTelefone; the phones modal also accepts "(##) #####-####". The phone goes
 * to the actor's own view; an administrador may name a shop's view (empresa_id), else its own.
 */
export const telefoneSchema = z.object({
  pessoa_id: idParam,
  empresa_id: optionalIdSchema.optional(),
  telefone: phoneSchema,
  contato: requiredText(100),
});
export type TelefoneInput = z.infer<typeof telefoneSchema>;

/**
 * POST /api/pessoa/updateIdentidade/{id} (administradores): the identity every view shares —
 * document, name, birth date (decision 104).
 */
export const pessoaIdentidadeSchema = z.object({
  cpf_cnpj: cpfCnpjSchema,
  nome_razao: requiredText(150),
  data_nascimento: optionalDataNascimentoSchema,
});
export type PessoaIdentidadeInput = z.infer<typeof pessoaIdentidadeSchema>;

/** POST /api/cpfSuspeito/create: a document on the suspect list and why. */
export const cpfSuspeitoSchema = z.object({
  cpf_cnpj: cpfCnpjSchema,
  motivo: requiredText(300),
});
export type CpfSuspeitoInput = z.infer<typeof cpfSuspeitoSchema>;
