import { bankProfile, isBankCode } from '../../boleto/bank-profiles.js';
import { BoletoError } from '../../boleto/boleto-error.js';
import { addDays, type IsoDate } from '../../dates/calendar.js';
import { cnab400Profile } from '../banks400/cnab400-profiles.js';
import type { CnabAccount, RemessaEntry } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { writeRemessa240Lines } from './write-remessa.js';
import { writeRemessa400Lines } from './write-cnab400.js';

/** A payer every writer accepts (valid CPF, full address): the trial is about the conta, not the payer. */
const TRIAL_PAYER = { document: '52998224725', name: 'PAGADOR DE TESTE', address: 'RUA DE TESTE 100', district: 'CENTRO', cep: '01310100', city: 'SAO PAULO', uf: 'SP' };

/**
 * Writes, in memory, the remessa Gerar Remessa would write for the conta with one entrada numbered
 * `sequence` — header, the title and trailer through the bank's writer profile in that layout — and
 * answers the first CnabError (the conta's fields, the nosso número), or null when it is written.
 * This is how a conta's fields are checked when it is saved (decision 126): the writers are the
 * only place that knows what each bank's header and detail need, so nothing is restated here.
 */
export function trialRemessaError(account: CnabAccount, layout: 240 | 400, sequence: number, today: IsoDate): CnabError | null {
  const entry: RemessaEntry = { kind: 'entrada', ourNumber: sequence, documentNumber: '1-1', dueDate: addDays(today, 30), amountCents: 10000, issueDate: today, payer: TRIAL_PAYER };
  let rejected: CnabError | null = null;
  const onRejected = (_: RemessaEntry, reason: CnabError) => {
    rejected = reason;
  };
  const input = { account, fileNumber: 1, generatedAt: new Date(`${today}T15:00:00Z`), entries: [entry] };
  try {
    const lines = layout === 240 ? writeRemessa240Lines({ ...input, onRejected }) : writeRemessa400Lines(input, onRejected);
    for (const line of lines) void line;
  } catch (err) {
    if (err instanceof CnabError) return err;
    throw err;
  }
  return rejected;
}

/** The boleto engine alone: does the bank's slip take this number (for a conta without a remessa layout)? */
function slipTakes(account: CnabAccount, sequence: number): boolean {
  if (!isBankCode(account.bank)) return false;
  try {
    bankProfile(account.bank).buildCampoLivre({ agency: account.agency, account: account.account, beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence });
    return true;
  } catch (err) {
    if (err instanceof BoletoError) return false;
    throw err;
  }
}

/**
 * The largest sequence a conta can hand out: the largest all-nines number (15 digits down to 1)
 * that its layout's writer turns into a title — the boleto engine's nosso número and the layout's
 * field both have their say (Santander: 12 digits in CNAB 240, 7 + DV in CNAB 400). Without a
 * layout (a conta by the bank's API) the slip alone decides. Null when no number fits (the
 * conta's fields are wrong; the schema said why).
 */
export function maxSequenceOfConta(account: CnabAccount, layout: 240 | 400 | null, today: IsoDate): number | null {
  for (let digits = 15; digits >= 1; digits--) {
    const n = 10 ** digits - 1;
    if (layout === null ? slipTakes(account, n) : trialRemessaError(account, layout, n, today) === null) return n;
  }
  return null;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The beneficiary a CNAB 400 retorno header of this conta names, as the bank's profile reads it
 * (`beneficiaryOf`) from the fields its writer puts in the header (`accountValues`: agência, conta,
 * código da empresa). Santander's header holds the conta's first 8 digits (a "conta nova" of 9 + DV
 * sends the rest elsewhere), so "013000123-4" comes back as "1300012". Null: the bank has no CNAB
 * 400 writer, or the conta's fields do not fit it.
 */
export function retornoHeaderBeneficiary400(account: CnabAccount): string | null {
  const profile = cnab400Profile(account.bank);
  if (!profile?.writer) return null;
  try {
    const v = profile.writer.accountValues(account);
    return profile.beneficiaryOf({ agency: text(v.agencia), account: text(v.conta), code: text(v.codigoEmpresa) });
  } catch (err) {
    if (err instanceof CnabError) return null;
    throw err;
  }
}
