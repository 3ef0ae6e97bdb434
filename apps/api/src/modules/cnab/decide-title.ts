import type { BoletoAction, RetornoResultado, RetornoTitle, Situacao } from '@bg/domain';
import { avulsoEffect, boletoEffect } from './retorno-effect.js';
import type { TitleTarget } from './retorno-titles.js';

/** What the preview counts and the apply job records for one title. */
export type TitleDecision = {
  resultado: RetornoResultado;
  target: TitleTarget | null;
  de: string | null;
  para: string | null;
  /** A boleto's state machine action (avulsos change by `para` alone). */
  action: BoletoAction | null;
  mensagem: string | null;
};

/** What deciding and counting read of a title (a RetornoTitle is one; the preview passes less). */
export type TitleFacts = Pick<RetornoTitle, 'ourNumberSequence' | 'category' | 'movement' | 'amountCents' | 'paidCents'>;

export const JA_APLICADO_MSG = 'Movimento já registrado (mesmo título, código e data de ocorrência): nada foi alterado.';

/**
 * Decides one title against its target as it is now (`current` is the situação after the earlier
 * titles of the same file): not found, already applied, or the effect of retorno-effect.ts.
 */
export function decideTitle(t: TitleFacts, target: TitleTarget | undefined, current: string | null, duplicate: boolean, contaFound: boolean): TitleDecision {
  if (!target) {
    const mensagem = !contaFound
      ? 'Conta do arquivo (banco e beneficiário) não é uma conta de cobrança cadastrada.'
      : t.ourNumberSequence === null
        ? 'Nosso número fora do padrão da conta.'
        : 'Nosso número não encontrado nesta conta.';
    return { resultado: 'NAO_ENCONTRADO', target: null, de: null, para: null, action: null, mensagem };
  }
  if (duplicate) return { resultado: 'JA_APLICADO', target, de: current, para: null, action: null, mensagem: JA_APLICADO_MSG };
  if (target.kind === 'boleto') {
    const e = boletoEffect(t.category, t.movement, current as Situacao | null);
    return { resultado: e.resultado, target, de: current, para: e.para, action: e.action, mensagem: e.mensagem };
  }
  const e = avulsoEffect(t.category, current as typeof target.situacao);
  return { resultado: e.resultado, target, de: current, para: e.para, action: null, mensagem: e.mensagem };
}

/** Running totals of a retorno (spec §3: settled, written-off, entradas; plus the rest). */
export type RetornoTotals = {
  titulos: number;
  entrada: { quantidade: number; cents: number };
  liquidacao: { quantidade: number; cents: number };
  baixa: { quantidade: number; cents: number };
  rejeitado: { quantidade: number; cents: number };
  ignorado: { quantidade: number; cents: number };
  ja_aplicado: { quantidade: number; cents: number };
  nao_encontrado: { quantidade: number; cents: number };
};

export function emptyTotals(): RetornoTotals {
  const z = () => ({ quantidade: 0, cents: 0 });
  return { titulos: 0, entrada: z(), liquidacao: z(), baixa: z(), rejeitado: z(), ignorado: z(), ja_aplicado: z(), nao_encontrado: z() };
}

/** Counts one decided title; liquidações count what was paid, the rest the title's value. */
export function countTitle(totals: RetornoTotals, t: TitleFacts, d: TitleDecision): void {
  totals.titulos++;
  const add = (bucket: { quantidade: number; cents: number }, cents = t.amountCents) => {
    bucket.quantidade++;
    bucket.cents += cents;
  };
  switch (d.resultado) {
    case 'APLICADO':
      if (t.category === 'liquidacao') add(totals.liquidacao, t.paidCents || t.amountCents);
      else if (t.category === 'baixa') add(totals.baixa);
      else if (t.category === 'entrada') add(totals.entrada);
      else add(totals.ignorado);
      break;
    case 'REJEITADO':
      return add(totals.rejeitado);
    case 'IGNORADO':
      return add(totals.ignorado);
    case 'JA_APLICADO':
      return add(totals.ja_aplicado);
    case 'NAO_ENCONTRADO':
      return add(totals.nao_encontrado);
  }
}
