import { crc16ccitt } from './crc16.js';
import { emvField, emvText } from './emv.js';
import { PixError } from './pix-error.js';

/**
 * Pix "BR Code" payload (the text behind the QR code and "Pix Copia e Cola"), per the Banco
 * Central "Manual de Padrões para Iniciação do Pix" / BR Code manual, EMV MPM fields:
 *   00 "01" · [01 "12" = single use] · 26 merchant account (00 "br.gov.bcb.pix", 01 key | 25 url)
 *   · 52 "0000" · 53 "986" (BRL) · [54 amount] · 58 "BR" · 59 name ≤ 25 · 60 city ≤ 15
 *   · 62 (05 txid) · 63 CRC16 over everything before its 4 hex digits, "6304" included.
 */

const GUI = 'br.gov.bcb.pix';
/** 13 characters is the EMV maximum of field 54: "9999999999.99". */
const MAX_AMOUNT_CENTS = 999_999_999_999;

export interface PixBrCodeInput {
  /** Chave Pix (CPF/CNPJ digits, e-mail, +55 phone or random EVP key). Static payloads. */
  key?: string;
  /** Dynamic payloads: the PSP's location URL without "https://"; replaces the key. */
  url?: string;
  /** Recebedor; accents are removed and it is cut to 25 characters. */
  name: string;
  /** Cut to 15 characters after removing accents. */
  city: string;
  /** Integer centavos; omitted → the payer types the amount. */
  amountCents?: number;
  /** Up to 25 letters/digits; omitted → "***" (the manual's "no txid"). */
  txid?: string;
  /** Emits 01 = "12": the payer's app must refuse a second payment of this same code. */
  singleUse?: boolean;
}

/** Integer centavos → "1234.56" by string slicing, so no binary float touches the value. */
export function formatPixAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new PixError('VALOR_INVALIDO', 'O valor do Pix deve ser um número inteiro positivo de centavos.', 'amountCents');
  }
  const digits = String(amountCents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function merchantAccount(input: PixBrCodeInput): string {
  const key = input.key?.trim();
  const url = input.url?.trim();
  if (!!key === !!url) {
    throw new PixError('ENTRADA_INVALIDA', 'Informe a chave Pix (estático) ou a URL do PSP (dinâmico), não ambos.', 'key');
  }
  const value = (key ?? url) as string;
  // 18 characters of GUI field + 4 of id/length leave 77 for the key within the 99 of field 26.
  if (value.length > 77 || /[^\x21-\x7e]/.test(value)) {
    throw new PixError('ENTRADA_INVALIDA', 'Chave/URL Pix inválida: até 77 caracteres, sem espaços nem acentos.', key ? 'key' : 'url');
  }
  return emvField('26', emvField('00', GUI) + emvField(key ? '01' : '25', value));
}

function txidField(txid: string | undefined): string {
  const value = txid ?? '***';
  if (value !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(value)) {
    throw new PixError('ENTRADA_INVALIDA', 'O txid deve ter de 1 a 25 letras ou dígitos (sem espaços ou símbolos).', 'txid');
  }
  return emvField('62', emvField('05', value));
}

function requiredText(value: string, max: number, field: 'name' | 'city', label: string): string {
  const text = typeof value === 'string' ? emvText(value, max) : '';
  if (!text) throw new PixError('ENTRADA_INVALIDA', `${label} do recebedor é obrigatório.`, field);
  return text;
}

export function buildPixBrCode(input: PixBrCodeInput): string {
  const payload =
    emvField('00', '01') +
    (input.singleUse ? emvField('01', '12') : '') +
    merchantAccount(input) +
    emvField('52', '0000') +
    emvField('53', '986') +
    (input.amountCents === undefined ? '' : emvField('54', formatPixAmount(input.amountCents))) +
    emvField('58', 'BR') +
    emvField('59', requiredText(input.name, 25, 'name', 'Nome')) +
    emvField('60', requiredText(input.city, 15, 'city', 'Cidade')) +
    txidField(input.txid) +
    '6304';
  return payload + crc16ccitt(payload);
}
