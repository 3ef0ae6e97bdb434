import { formatBRL } from '../money/format-brl.js';
import type { Cents } from '../money/cents.js';
import type { AcaoRegra, PoliticaAvaliavel, ResultadoCredito } from './politica.js';

/** The restrictions the bureau adapter answers (its `restritiva` items' codes). */
export type CodigoRestricao = 'CPF_SUSPEITO' | 'INADIMPLENCIA' | 'SPC_ATIVO' | 'RESTRICAO_EXTERNA';

/** Everything a decision depends on; stored with the evaluation (garantia_avaliacao.entradas). */
export type EntradasAvaliacao = {
  tipo_pessoa: 'F' | 'J';
  /** restritiva's item codes */
  restricoes: CodigoRestricao[];
  /** analitica's score 0..1000; null when the bureau gave none */
  score: number | null;
  /** full years at the request date (CPF); null when unknown */
  idade: number | null;
  renda_cents: Cents | null;
  /** the new request's instalments */
  parcelas_cents: Cents[];
  /** open guaranteed value + pending requests of this document in every shop, before this one */
  exposicao_documento_cents: Cents;
  /** open guaranteed value + pending requests of the requesting shop, before this one */
  exposicao_loja_cents: Cents;
};

export type CodigoMotivo =
  | CodigoRestricao
  | 'MENOR_IDADE'
  | 'IDADE_NAO_INFORMADA'
  | 'RENDA_MINIMA'
  | 'SCORE_FAIXA'
  | 'SEM_SCORE'
  | 'LIMITE_BOLETO'
  | 'LIMITE_GARANTIA'
  | 'LIMITE_LOJA'
  | 'LIMITE_DOCUMENTO';

export type MotivoAvaliacao = { codigo: CodigoMotivo; texto: string; resultado: ResultadoCredito };

export type Avaliacao = {
  versao: number;
  resultado: ResultadoCredito;
  /** the main criteria: the reasons that produced the outcome, worst first */
  motivos: { codigo: CodigoMotivo; texto: string }[];
  /** every rule that applied, each with what it asked for */
  aplicadas: MotivoAvaliacao[];
};

const PESO: Record<ResultadoCredito, number> = { APROVAR: 0, ANALISAR: 1, NEGAR: 2 };

/** Plain Portuguese for the shop and the person (LGPD art. 20 § 1º): main criteria, no score internals. */
export const TEXTO_MOTIVO: Record<Exclude<CodigoMotivo, 'SCORE_FAIXA' | `LIMITE_${string}`>, string> = {
  CPF_SUSPEITO: 'O documento consta da lista interna de documentos com suspeita de fraude.',
  INADIMPLENCIA: 'Há boletos vencidos e não pagos em nome deste CPF/CNPJ.',
  SPC_ATIVO: 'Há registro ativo de inadimplência no SPC em nome deste CPF/CNPJ.',
  RESTRICAO_EXTERNA: 'O birô de crédito informou restrição em nome deste CPF/CNPJ.',
  MENOR_IDADE: 'A pessoa tem menos de 18 anos.',
  IDADE_NAO_INFORMADA: 'A data de nascimento não foi informada.',
  RENDA_MINIMA: 'A renda informada está abaixo da mínima exigida.',
  SEM_SCORE: 'Não foi possível consultar o histórico de crédito.',
};

const TEXTO_SCORE: Record<ResultadoCredito, string> = {
  APROVAR: 'O histórico de pagamentos atende ao exigido para aprovação automática.',
  ANALISAR: 'O histórico de pagamentos pede a análise de uma pessoa.',
  NEGAR: 'O histórico de pagamentos está abaixo do exigido.',
};

const rank = (a: AcaoRegra): ResultadoCredito | null => (a === 'IGNORAR' ? null : a);

/**
 * The credit policy's evaluator — the ONLY place credit rules live (issue 29). Pure: the published
 * version and the inputs give the outcome (the worst of what every rule asks for: NEGAR over
 * ANALISAR over APROVAR) and its reasons. Limits are exceeded when the value goes ABOVE them (equal
 * passes).
 */
export function avaliarPolitica(politica: PoliticaAvaliavel, e: EntradasAvaliacao): Avaliacao {
  const { regras, limites } = politica;
  const aplicadas: MotivoAvaliacao[] = [];
  const regra = (acao: AcaoRegra, codigo: Exclude<CodigoMotivo, 'SCORE_FAIXA' | `LIMITE_${string}`>) => {
    const r = rank(acao);
    if (r) aplicadas.push({ codigo, texto: TEXTO_MOTIVO[codigo], resultado: r });
  };

  const restricoes = new Set(e.restricoes);
  if (restricoes.has('CPF_SUSPEITO')) regra(regras.cpf_suspeito, 'CPF_SUSPEITO');
  if (restricoes.has('SPC_ATIVO')) regra(regras.spc_ativo, 'SPC_ATIVO');
  if (restricoes.has('INADIMPLENCIA')) regra(regras.inadimplencia, 'INADIMPLENCIA');
  if (restricoes.has('RESTRICAO_EXTERNA')) regra(regras.restricao_externa, 'RESTRICAO_EXTERNA');
  if (e.tipo_pessoa === 'F') {
    if (e.idade === null) regra(regras.menor_idade === 'IGNORAR' ? 'IGNORAR' : 'ANALISAR', 'IDADE_NAO_INFORMADA');
    else if (e.idade < 18) regra(regras.menor_idade, 'MENOR_IDADE');
  }
  if (e.renda_cents === null || e.renda_cents < regras.renda_minima_cents) regra(regras.renda_minima, 'RENDA_MINIMA');

  if (e.score === null) aplicadas.push({ codigo: 'SEM_SCORE', texto: TEXTO_MOTIVO.SEM_SCORE, resultado: 'ANALISAR' });
  else {
    const faixa = regras.faixas_score.find((f) => e.score! >= f.de && e.score! <= f.ate);
    const r = faixa?.resultado ?? 'ANALISAR';
    aplicadas.push({ codigo: 'SCORE_FAIXA', texto: TEXTO_SCORE[r], resultado: r });
  }

  const excesso = regras.excesso_limite;
  const total = e.parcelas_cents.reduce((a, b) => a + b, 0);
  const maior = e.parcelas_cents.reduce((a, b) => Math.max(a, b), 0);
  if (limites.boleto_cents !== null && maior > limites.boleto_cents) {
    aplicadas.push({ codigo: 'LIMITE_BOLETO', texto: `Há parcela acima do valor máximo por boleto (${formatBRL(limites.boleto_cents)}).`, resultado: excesso });
  }
  if (limites.garantia_cents !== null && total > limites.garantia_cents) {
    aplicadas.push({ codigo: 'LIMITE_GARANTIA', texto: `O total da garantia excede o valor máximo por garantia (${formatBRL(limites.garantia_cents)}).`, resultado: excesso });
  }
  if (limites.loja_cents !== null && e.exposicao_loja_cents + total > limites.loja_cents) {
    aplicadas.push({ codigo: 'LIMITE_LOJA', texto: 'A loja atingiu o limite de valor garantido em aberto.', resultado: excesso });
  }
  if (limites.documento_cents !== null && e.exposicao_documento_cents + total > limites.documento_cents) {
    aplicadas.push({ codigo: 'LIMITE_DOCUMENTO', texto: 'O valor garantido em aberto para este CPF/CNPJ, somando todas as lojas, excederia o limite.', resultado: excesso });
  }

  const resultado = aplicadas.reduce<ResultadoCredito>((acc, m) => (PESO[m.resultado] > PESO[acc] ? m.resultado : acc), 'APROVAR');
  const motivos = aplicadas.filter((m) => m.resultado === resultado).map(({ codigo, texto }) => ({ codigo, texto }));
  return { versao: politica.versao, resultado, motivos, aplicadas };
}

/** Full years between a birth date and a day (both YYYY-MM-DD); 29/02 birthdays turn on 01/03. */
export function idadeEm(nascimento: string, dia: string): number {
  const [ny, nm, nd] = nascimento.split('-').map(Number);
  const [y, m, d] = dia.split('-').map(Number);
  let anos = y - ny;
  if (m < nm || (m === nm && d < nd)) anos -= 1;
  return anos;
}
