import { z } from 'zod';
import { isValidCpfCnpj, onlyDigits } from '../documents/cpf-cnpj.js';
import { cepSchema, optionalText, requiredText, ufSchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { bankProfile, isBankCode } from './bank-profiles.js';
import { BoletoError } from './boleto-error.js';

/**
 * The beneficiary's bank account (conta de cobrança), configured once by an administrador or by
 * environment. The same schema validates the admin form and the API; the bank profile itself
 * checks agência, código do beneficiário and carteira, so the form shows the bank's own message.
 */
/**
 * Banks a conta de cobrança may name today: those whose remessa the Gerar Remessa job writes (CNAB
 * 240 Caixa and BB). Itaú 341's slips and CNAB 400 files exist in the engine (decision 121), but a
 * conta Itaú waits for the remessa per conta (issue 30, part 2), or its boletos would never reach the bank.
 */
const CONTA_COBRANCA_BANKS: ReadonlySet<string> = new Set(['104', '001']);

export const contaCobrancaSchema = z
  .object({
    banco: z.string({ error: MSG.required }).trim().refine((v) => isBankCode(v) && CONTA_COBRANCA_BANKS.has(v), 'Banco não suportado (use 104 ou 001).'),
    agencia: requiredText(10),
    conta: optionalText(15),
    codigo_beneficiario: requiredText(20),
    carteira: requiredText(5),
    nome: requiredText(150),
    cnpj: z
      .string({ error: MSG.required })
      .trim()
      .min(1, MSG.required)
      .refine((v) => onlyDigits(v).length === 14 && isValidCpfCnpj(v), 'Informe um CNPJ válido!')
      .transform(onlyDigits),
    cep: cepSchema,
    endereco: requiredText(150),
    numero: requiredText(20),
    bairro: requiredText(100),
    cidade: requiredText(100),
    uf: ufSchema,
    pix_chave: optionalText(77),
  })
  .superRefine((v, ctx) => {
    if (!isBankCode(v.banco)) return;
    try {
      // A trial slip with sequence 1 runs every rule of the bank profile on the account fields.
      bankProfile(v.banco).buildCampoLivre({ agency: v.agencia, account: v.conta ?? undefined, beneficiaryCode: v.codigo_beneficiario, wallet: v.carteira, ourNumber: 1 });
    } catch (err) {
      if (!(err instanceof BoletoError)) throw err;
      const path = { agency: 'agencia', account: 'conta', beneficiaryCode: 'codigo_beneficiario', wallet: 'carteira' }[err.field ?? ''] ?? 'codigo_beneficiario';
      ctx.addIssue({ code: 'custom', path: [path], message: err.message });
    }
    if (v.pix_chave && /\s/.test(v.pix_chave)) ctx.addIssue({ code: 'custom', path: ['pix_chave'], message: 'Chave Pix inválida.' });
  });

export type ContaCobrancaInput = z.output<typeof contaCobrancaSchema>;
export type ContaCobrancaForm = z.input<typeof contaCobrancaSchema>;
