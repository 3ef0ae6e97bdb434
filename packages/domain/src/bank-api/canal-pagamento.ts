import type { BbCanal } from './bb/bb-codes.js';

/**
 * The payment channel stored on a settlement (`retorno_item.canal`, issue 26) as the reports name
 * it. The codes are our readings of the banks' APIs: Banco do Brasil's `BbCanal` (canalLiquidacao
 * and codigoCanalPagamento, bb-codes.ts) and the words of Caixa's (the sandbox's `canal`; Caixa's
 * consulta itself carries none, docs/banks.md). A CNAB retorno line has no channel in the layout we
 * read, so it is stored null.
 */
const CAIXA_CANAIS = {
  LOTERICA: 'Lotérica',
  DEBITO_AUTOMATICO: 'Débito automático',
} as const;

const BB_CANAIS = {
  PIX: 'Pix',
  AGENCIA: 'Agência',
  INTERNET: 'Internet banking',
  AUTOATENDIMENTO: 'Caixa eletrônico',
  CORRESPONDENTE: 'Correspondente',
  CORRESPONDENTE_DIGITAL: 'Correspondente digital',
  CENTRAL_ATENDIMENTO: 'Central de atendimento',
  ARQUIVO_ELETRONICO: 'Arquivo eletrônico',
  DDA: 'DDA',
  // every BB channel has a name: a new one in BbCanal fails to compile here
} as const satisfies Record<BbCanal, string>;

export const CANAIS_PAGAMENTO = { ...BB_CANAIS, ...CAIXA_CANAIS } as const;
export type CanalPagamento = keyof typeof CANAIS_PAGAMENTO;

/** What the reports print when the channel is unknown: a CNAB line, or a code we do not read. */
export const CANAL_DESCONHECIDO = '—';

/** A stored code → one we know (upper case, trimmed), else null: an unknown code is never guessed. */
export function canalPagamento(codigo: string | null | undefined): CanalPagamento | null {
  const key = codigo?.trim().toUpperCase();
  return key && Object.hasOwn(CANAIS_PAGAMENTO, key) ? (key as CanalPagamento) : null;
}

/** "Pix", "Agência", "Internet banking"…; "—" when unknown or absent (CNAB). */
export function canalPagamentoNome(codigo: string | null | undefined): string {
  const canal = canalPagamento(codigo);
  return canal ? CANAIS_PAGAMENTO[canal] : CANAL_DESCONHECIDO;
}
