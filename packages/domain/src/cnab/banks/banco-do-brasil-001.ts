import { bancoDoBrasilProfile } from '../../boleto/campo-livre/banco-do-brasil.js';
import { modulo11BancoDoBrasil } from '../../boleto/modulo.js';
import type { CnabAccount, CnabFileHeader } from '../cnab-types.js';
import { CnabError } from '../cnab-error.js';
import { FEBRABAN_240 } from '../layout240/layout-240.js';
import { alpha, fixed, num } from '../record/field-spec.js';
import { overrideRecord } from '../record/record-layout.js';
import { fromBoletoEngine, inscription, isDigits, splitNumberAndDv, stripLeadingZeros } from './account-parts.js';
import { makeProfile } from './cnab-bank-profile.js';

/**
 * Banco do Brasil (001), "Layout de Arquivo Retorno/Remessa CNAB 240 – Cobrança BB". The one
 * layout difference is the 20-position convênio of the headers, which BB splits into convênio (9),
 * "0014" (cobrança cedente), carteira (2), variação (3) and a reserved pair ("TS" in test files).
 * The nosso número fills the FEBRABAN field left-aligned: convênio 7 + sequence 10 (17 digits, no
 * DV), or for convênios of 4 and 6 digits the 11 digits plus their DV — as the boleto prints it.
 * BB uses the FEBRABAN code tables (movements, reasons A/B/C); its "Particularidades BB – Leiaute
 * CNAB 240" (September 2023, notes of field 07.3T) adds only the retorno movements 58 and 59.
 */
const BB_RETORNO_MOVEMENTS = {
  '58': 'Confirmação do pedido de retificação do valor de desconto',
  '59': 'Confirmação do pedido de alteração da data do desconto',
};

const convenioFields = (start: number) => [
  num('convenioNumero', start, start + 8, 9),
  fixed('cobrancaCedente', start + 9, start + 12, '0014'),
  alpha('carteiraConvenio', start + 13, start + 14, 2),
  alpha('variacaoCarteira', start + 15, start + 17, 3),
  alpha('reservadoConvenio', start + 18, start + 19, 2),
];

const layout = {
  ...FEBRABAN_240,
  fileHeader: overrideRecord(FEBRABAN_240.fileHeader, '001 header de arquivo', convenioFields(33)),
  lotHeader: overrideRecord(FEBRABAN_240.lotHeader, '001 header de lote', convenioFields(34)),
};

/** BB's agência and conta DVs are its mod 11 ("X" for 10), the same as its nosso número DV. */
function withDv(part: { number: string; dv: string }): string {
  return part.dv || (part.number === '' ? '' : modulo11BancoDoBrasil(part.number));
}

function convenioValue(header: CnabFileHeader | null): number {
  return header ? Number(header.beneficiaryCode || '0') : 0;
}

/** 7-digit convênios are from 1 000 000 up; below that, 6 digits from 10 000, else 4. */
function sequenceOf(ourNumber: string, header: CnabFileHeader | null): string | null {
  if (!isDigits(ourNumber.length === 12 ? ourNumber.slice(0, 11) : ourNumber)) return null; // the 12th is a DV, maybe X
  const convenio = convenioValue(header);
  if (ourNumber.length === 17 && (convenio === 0 || convenio >= 1_000_000)) return stripLeadingZeros(ourNumber.slice(7));
  if ((ourNumber.length === 11 || ourNumber.length === 12) && convenio > 0 && convenio < 1_000_000) {
    const size = convenio >= 10_000 ? 6 : 4;
    return stripLeadingZeros(ourNumber.slice(size, 11));
  }
  return null;
}

function walletDigits(account: CnabAccount): string {
  const wallet = account.wallet.trim();
  if (!/^\d{2}$/.test(wallet)) throw new CnabError('ENTRADA_INVALIDA', 'Carteira Banco do Brasil deve ter 2 dígitos (ex. 17).', { field: 'account.wallet' });
  return wallet;
}

export const bancoDoBrasil001 = makeProfile({
  code: '001',
  name: 'BANCO DO BRASIL S.A.',
  layout,
  retornoMovements: BB_RETORNO_MOVEMENTS,
  sequenceOf,
  writer: {
    fileLayoutVersion: '083',
    lotLayoutVersion: '042',
    remessaLotTotals: false,
    accountValues(account, { testFile }) {
      const agency = splitNumberAndDv(account.agency, 'account.agency', 'Agência');
      const conta = splitNumberAndDv(account.account, 'account.account', 'Conta corrente');
      const company = inscription(account.beneficiaryDocument, 'account.beneficiaryDocument');
      const variation = (account.walletVariation ?? '').trim();
      if (variation !== '' && !/^\d{1,3}$/.test(variation)) {
        throw new CnabError('ENTRADA_INVALIDA', 'Variação da carteira BB deve ter até 3 dígitos (ex. 019).', { field: 'account.walletVariation' });
      }
      return {
        tipoInscricao: company.type,
        numeroInscricao: company.digits,
        agencia: agency.number,
        agenciaDv: withDv(agency),
        conta: conta.number,
        contaDv: withDv(conta),
        convenioNumero: account.beneficiaryCode.trim(),
        carteiraConvenio: walletDigits(account),
        variacaoCarteira: variation === '' ? '' : variation.padStart(3, '0'),
        reservadoConvenio: testFile ? 'TS' : '',
        nomeEmpresa: account.beneficiaryName,
        nomeBanco: 'BANCO DO BRASIL S.A.',
      };
    },
    // Código da carteira: 7 = cobrança direta especial (carteira 17), 1 = cobrança simples.
    segmentPDefaults: (account) => ({ carteira: walletDigits(account) === '17' ? '7' : '1' }),
    ourNumberValues(account, sequence) {
      const input = { agency: account.agency, account: account.account, beneficiaryCode: account.beneficiaryCode, wallet: account.wallet, ourNumber: sequence };
      const formatted = fromBoletoEngine('ourNumber', () => {
        bancoDoBrasilProfile.buildCampoLivre(input); // validates convênio, carteira and sequence
        return bancoDoBrasilProfile.ourNumberFormatted(input);
      });
      const nn = formatted.replace('-', ''); // "CCCCCCNNNNN-X" → with its DV, as BB asks for 4/6-digit convênios
      return { values: { nossoNumero: nn }, ourNumber: nn };
    },
  },
});
