import { z } from 'zod';
import type { Cents } from '../money/cents.js';

/**
 * A credit policy's rules (issue 29, decision 119, docs/credito.md): what each hard rule does, the
 * outcome per score band (0–1000, the bureau adapter's score) and what exceeding a limit does. The
 * limits themselves are money columns of the version (centavos here). Stored as jsonb by the API
 * and read ONLY by `avaliarPolitica` (avaliar.ts): no credit rule lives anywhere else.
 */
export const RESULTADOS_CREDITO = ['APROVAR', 'ANALISAR', 'NEGAR'] as const;
export type ResultadoCredito = (typeof RESULTADOS_CREDITO)[number];

export const RESULTADO_CREDITO_LABEL: Record<ResultadoCredito, string> = {
  APROVAR: 'Aprovar automaticamente',
  ANALISAR: 'Enviar para análise',
  NEGAR: 'Negar',
};

/** What a hard rule does when it applies; IGNORAR switches it off. */
export const ACOES_REGRA = ['NEGAR', 'ANALISAR', 'IGNORAR'] as const;
export type AcaoRegra = (typeof ACOES_REGRA)[number];

export const SCORE_MAX = 1000;

const acao = z.enum(ACOES_REGRA, { error: 'Escolha uma ação da lista' });
const resultado = z.enum(RESULTADOS_CREDITO, { error: 'Escolha um resultado da lista' });
const pontos = z.number({ error: 'Informe um número' }).int('Informe um número inteiro').min(0, 'Mínimo 0').max(SCORE_MAX, `Máximo ${SCORE_MAX}`);

export const faixaScoreSchema = z.object({ de: pontos, ate: pontos, resultado });
export type FaixaScore = z.infer<typeof faixaScoreSchema>;

export const regrasPoliticaSchema = z
  .object({
    cpf_suspeito: acao,
    spc_ativo: acao,
    inadimplencia: acao,
    restricao_externa: acao,
    menor_idade: acao,
    renda_minima: acao,
    /** The minimum declared income (renda), centavos. */
    renda_minima_cents: z.number().int().min(0, 'Informe um valor positivo').max(99_999_999_999_999),
    faixas_score: z.array(faixaScoreSchema).min(1, 'Informe ao menos uma faixa de score').max(20, 'No máximo 20 faixas'),
    /** What exceeding a limit (boleto, garantia, loja, CPF/CNPJ) does. */
    excesso_limite: z.enum(['NEGAR', 'ANALISAR'], { error: 'Escolha uma ação da lista' }),
  })
  .superRefine((r, ctx) => {
    // bands sorted, contiguous, covering 0..1000 exactly once
    let esperado = 0;
    r.faixas_score.forEach((f, i) => {
      if (f.de !== esperado) ctx.addIssue({ code: 'custom', path: ['faixas_score', i, 'de'], message: `A faixa deve começar em ${esperado}` });
      if (f.ate < f.de) ctx.addIssue({ code: 'custom', path: ['faixas_score', i, 'ate'], message: 'O fim da faixa deve ser maior ou igual ao início' });
      esperado = f.ate + 1;
    });
    const ultima = r.faixas_score[r.faixas_score.length - 1];
    if (ultima && ultima.ate !== SCORE_MAX) ctx.addIssue({ code: 'custom', path: ['faixas_score', r.faixas_score.length - 1, 'ate'], message: `A última faixa deve terminar em ${SCORE_MAX}` });
  });
export type RegrasPolitica = z.infer<typeof regrasPoliticaSchema>;

/** The limits of a version, centavos; null = no limit. */
export type LimitesPolitica = {
  boleto_cents: Cents | null;
  garantia_cents: Cents | null;
  loja_cents: Cents | null;
  documento_cents: Cents | null;
};

export type PoliticaAvaliavel = { versao: number; regras: RegrasPolitica; limites: LimitesPolitica; liberacao_automatica: boolean };

/** The default the demo seed publishes (docs/credito.md explains each figure). */
export const POLITICA_PADRAO: { regras: RegrasPolitica; limites: LimitesPolitica; liberacao_automatica: boolean } = {
  regras: {
    cpf_suspeito: 'NEGAR',
    spc_ativo: 'NEGAR',
    inadimplencia: 'NEGAR',
    restricao_externa: 'ANALISAR',
    menor_idade: 'NEGAR',
    renda_minima: 'ANALISAR',
    renda_minima_cents: 100000,
    faixas_score: [
      { de: 0, ate: 199, resultado: 'NEGAR' },
      { de: 200, ate: 649, resultado: 'ANALISAR' },
      { de: 650, ate: 1000, resultado: 'APROVAR' },
    ],
    excesso_limite: 'ANALISAR',
  },
  limites: { boleto_cents: 500000, garantia_cents: 3000000, loja_cents: null, documento_cents: 5000000 },
  liberacao_automatica: false,
};
