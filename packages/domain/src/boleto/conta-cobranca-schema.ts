import { z } from 'zod';
import { isValidCpfCnpj, onlyDigits } from '../documents/cpf-cnpj.js';
import { cepSchema, optionalText, requiredText, ufSchema } from '../schemas/common.js';
import { MSG } from '../schemas/messages.js';
import { bankProfile, isBankCode } from './bank-profiles.js';
import { BoletoError } from './boleto-error.js';
import { bancoDeCobranca, bancosDeCobranca, layoutPadrao, layoutsDeRemessa, type LayoutCnab } from '../cnab/bancos-de-cobranca.js';
import { cnabAccountFromConta } from '../cnab/write/charge-instructions.js';
import { trialRemessaError } from '../cnab/write/trial-remessa.js';
import { todayInSaoPaulo } from '../dates/calendar.js';

const bancosAceitos = () => bancosDeCobranca().map((b) => b.codigo).join(', ');

/** The form field a writer's CnabError names ('account.account' → conta…); the nosso número and the rest → código do beneficiário. */
function formFieldOf(field: string | undefined): string {
  const f = field ?? '';
  const byAccountField: Record<string, string> = { agency: 'agencia', account: 'conta', beneficiaryCode: 'codigo_beneficiario', wallet: 'carteira', beneficiaryDocument: 'cnpj', beneficiaryName: 'nome' };
  const m = /^account\.(\w+)/.exec(f);
  return (m && byAccountField[m[1]]) || 'codigo_beneficiario';
}

/**
 * A beneficiary's bank account (conta de cobrança): several may exist (decision 126), each created
 * by an administrador, by environment or by the demo seed. The same schema validates the admin form
 * and the API; the bank profile itself checks agência, código do beneficiário and carteira, so the
 * form shows the bank's own message.
 */
export const contaCobrancaSchema = z
  .object({
    // the banks the engine's registries offer (cnab/bancos-de-cobranca.ts, decision 126): a boleto
    // profile and a remessa writer or an API — a bank registered there is accepted here the same day
    banco: z
      .string({ error: MSG.required })
      .trim()
      .refine((v) => isBankCode(v) && bancoDeCobranca(v) !== null, { error: () => `Banco não suportado (use ${bancosAceitos()}).` }),
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
    /** CNAB layout of the conta's remessas; empty = the bank's own (layoutPadrao: 240 when it has both). */
    layout_cnab: z
      .union([z.literal(240), z.literal(400), z.literal('240'), z.literal('400'), z.literal(''), z.null()], { error: 'Layout CNAB inválido (240 ou 400).' })
      .optional()
      .transform((v): LayoutCnab | null => (v === undefined || v === null || v === '' ? null : (Number(v) as LayoutCnab))),
  })
  .superRefine((v, ctx) => {
    if (!isBankCode(v.banco)) return;
    const today = todayInSaoPaulo();
    const profile = bankProfile(v.banco);
    // the conta's first number: 1, or the bank's own start (Sicredi: ano + byte + 00001, decision 124)
    const first = profile.firstSequence?.(today) ?? 1;
    let slipOk = true;
    try {
      // A trial slip with the conta's first number runs every rule of the bank profile on the account fields.
      profile.buildCampoLivre({ agency: v.agencia, account: v.conta ?? undefined, beneficiaryCode: v.codigo_beneficiario, wallet: v.carteira, ourNumber: first });
    } catch (err) {
      if (!(err instanceof BoletoError)) throw err;
      slipOk = false;
      const path = { agency: 'agencia', account: 'conta', beneficiaryCode: 'codigo_beneficiario', wallet: 'carteira' }[err.field ?? ''] ?? 'codigo_beneficiario';
      ctx.addIssue({ code: 'custom', path: [path], message: err.message });
    }
    // ...and a trial remessa in the conta's layout runs its writer's header and detail rules (the
    // conta's DV for Bradesco, the conta corrente for Sicoob's header…): refused now, on its field,
    // rather than at Gerar Remessa
    // A bank with a collection API (Caixa, BB) is left to its slip: its conta may work by API
    // (chosen after it is saved), where the remessa's rules do not apply — e.g. Caixa's 7-digit
    // código do beneficiário, which its CNAB 240 header cannot carry.
    const layout = v.layout_cnab ?? layoutPadrao(v.banco);
    if (slipOk && layout !== null && !bancoDeCobranca(v.banco)?.api && layoutsDeRemessa(v.banco).includes(layout)) {
      const err = trialRemessaError(cnabAccountFromConta(v), layout, first, today);
      if (err) ctx.addIssue({ code: 'custom', path: [formFieldOf(err.field)], message: err.message });
    }
    if (v.layout_cnab !== null && !layoutsDeRemessa(v.banco).includes(v.layout_cnab)) {
      const layouts = layoutsDeRemessa(v.banco);
      ctx.addIssue({
        code: 'custom',
        path: ['layout_cnab'],
        message: layouts.length ? `Este banco gera remessas em CNAB ${layouts.join(' ou ')}.` : 'Este banco não gera remessas: a conta trabalha pela API do banco.',
      });
    }
    if (v.pix_chave && /\s/.test(v.pix_chave)) ctx.addIssue({ code: 'custom', path: ['pix_chave'], message: 'Chave Pix inválida.' });
  });

/** The account's fields as the BOLETO_* variables and the seeds give them (the layout is then the bank's own). */
export type ContaCobrancaInput = Omit<z.output<typeof contaCobrancaSchema>, 'layout_cnab'>;
/** What the admin screen saves: the fields and, for a bank with both, the layout chosen (decision 126). */
export type ContaCobrancaDados = ContaCobrancaInput & { layout_cnab?: LayoutCnab | null };
export type ContaCobrancaForm = z.input<typeof contaCobrancaSchema>;
