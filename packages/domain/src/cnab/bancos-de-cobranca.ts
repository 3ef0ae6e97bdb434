import { BANCOS_COM_API } from '../bank-api/bancos-com-api.js';
import { BANK_PROFILES } from '../boleto/bank-profiles.js';
import { CNAB_BANK_PROFILES } from './banks/cnab-profiles.js';
import { CNAB400_BANK_PROFILES } from './banks400/cnab400-profiles.js';

/** The two CNAB layouts a remessa may be written in. */
export const LAYOUTS_CNAB = [240, 400] as const;
export type LayoutCnab = (typeof LAYOUTS_CNAB)[number];

const has = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/**
 * The layouts in which we can WRITE a remessa of the bank, read from the engine's registries: CNAB
 * 240 when its profile in cnab/banks/cnab-profiles.ts has writer rules, CNAB 400 when its profile in
 * cnab/banks400/cnab400-profiles.ts has writer rules and the remessa's header, detail and trailer
 * tables (Bradesco's retorno-only profile does not qualify until its remessa is transcribed).
 * A bank appears here the day its profile is registered; nothing else lists banks.
 */
export function layoutsDeRemessa(banco: string): LayoutCnab[] {
  const out: LayoutCnab[] = [];
  if (has(CNAB_BANK_PROFILES, banco) && CNAB_BANK_PROFILES[banco].writer) out.push(240);
  if (has(CNAB400_BANK_PROFILES, banco)) {
    const p = CNAB400_BANK_PROFILES[banco];
    if (p.writer && p.layout.remessaHeader && p.layout.remessaDetail && p.layout.remessaTrailer) out.push(400);
  }
  return out;
}

export type BancoDeCobranca = {
  codigo: string;
  nome: string;
  /** Layouts of the remessa we write for it (empty: API only). */
  layouts: LayoutCnab[];
  /** Its collection API is spoken (a conta may work by API). */
  api: boolean;
};

/**
 * The banks a conta de cobrança may name: a boleto profile (boleto/bank-profiles.ts) — we must be
 * able to print its slips — and a way to reach the bank: a remessa writer in some layout or its
 * collection API. In FEBRABAN code order.
 */
export function bancosDeCobranca(): BancoDeCobranca[] {
  return Object.values(BANK_PROFILES)
    .map((p) => ({ codigo: p.code, nome: p.name, layouts: layoutsDeRemessa(p.code), api: BANCOS_COM_API.includes(p.code) }))
    .filter((b) => b.layouts.length > 0 || b.api)
    .sort((a, b) => a.codigo.localeCompare(b.codigo));
}

export function bancoDeCobranca(banco: string): BancoDeCobranca | null {
  return bancosDeCobranca().find((b) => b.codigo === banco) ?? null;
}

/**
 * The layout a conta of the bank writes when the administrador did not choose: the bank's only one,
 * or CNAB 240 (FEBRABAN) when it has both. Null: no remessa for this bank (API only, or unknown).
 */
export function layoutPadrao(banco: string): LayoutCnab | null {
  const layouts = layoutsDeRemessa(banco);
  return layouts.includes(240) ? 240 : (layouts[0] ?? null);
}
