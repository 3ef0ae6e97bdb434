import { CnabError } from '../cnab-error.js';
import { bancoDoBrasil001 } from './banco-do-brasil-001.js';
import { caixa104 } from './caixa-104.js';
import { makeProfile, type CnabBankProfile, type CnabWriterRules } from './cnab-bank-profile.js';
import { santander033 } from './santander-033.js';
import { sicoob756 } from './sicoob-756.js';
import { sicredi748 } from './sicredi-748.js';

/**
 * The banks with a profile of their own. Any other bank is read with the FEBRABAN tables (its
 * segments T and U are standard in every bank we have seen, e.g. CrediSIS 097), so a
 * retorno of a new bank is readable before anyone writes its profile.
 */
export const CNAB_BANK_PROFILES: Readonly<Record<string, CnabBankProfile>> = {
  '104': caixa104,
  '001': bancoDoBrasil001,
  '756': sicoob756,
  '748': sicredi748,
  '033': santander033,
};

const febrabanProfiles = new Map<string, CnabBankProfile>();

/** The bank's profile, or the plain FEBRABAN one under its code. */
export function cnabProfile(bank: string): CnabBankProfile {
  const known = CNAB_BANK_PROFILES[bank];
  if (known) return known;
  let generic = febrabanProfiles.get(bank);
  if (!generic) {
    generic = makeProfile({ code: bank, name: `BANCO ${bank}` });
    // Only real bank codes are kept: a garbage header must not grow the cache.
    if (/^\d{3}$/.test(bank)) febrabanProfiles.set(bank, generic);
  }
  return generic;
}

export type CnabWriterProfile = CnabBankProfile & { readonly writer: CnabWriterRules };

/** Writing needs the bank's nosso-número and account rules: only profiled banks qualify. */
export function cnabWriterProfile(bank: string): CnabWriterProfile {
  const profile = CNAB_BANK_PROFILES[bank];
  if (!profile || !profile.writer) {
    const supported = Object.keys(CNAB_BANK_PROFILES).join(', ');
    throw new CnabError('BANCO_NAO_SUPORTADO', `Não há perfil CNAB 240 para gerar arquivos do banco "${bank}" (suportados: ${supported}).`, {
      field: 'account.bank',
    });
  }
  return profile as CnabWriterProfile;
}
