import { z } from 'zod';
import { documentKind } from '../documents/cpf-cnpj.js';
import { MSG } from './messages.js';
import { addressShape, cpfCnpjSchema, ID_INVALID, MAX_ID, optionalPhoneSchema, optionalText, phoneSchema, requiredText } from './common.js';
import { optionalCpfSchema, optionalDataNascimentoSchema, optionalMoneySchema } from './cadastro-fields.js';

export const RENDA_MINIMA = 300;

/** POST /api/pessoa/update/{id} ("Atualização da Pessoa"); required fields of spec §5 Person. */
export const pessoaSchema = z
  .object({
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

/** POST /api/pessoa/adicionaTelefone; the phones modal also accepts "(##) #####-####". */
export const telefoneSchema = z.object({
  pessoa_id: z.coerce.number({ error: MSG.required }).int().positive().max(MAX_ID, ID_INVALID),
  telefone: phoneSchema,
  contato: requiredText(100),
});
export type TelefoneInput = z.infer<typeof telefoneSchema>;

/** POST /api/cpfSuspeito/create: a document on the suspect list and why. */
export const cpfSuspeitoSchema = z.object({
  cpf_cnpj: cpfCnpjSchema,
  motivo: requiredText(300),
});
export type CpfSuspeitoInput = z.infer<typeof cpfSuspeitoSchema>;
