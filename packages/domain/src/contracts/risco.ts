import { z } from 'zod';
import { FAIXA_LIST } from '../risco/faixas.js';
import { defineContract } from './contract.js';
import { calendarDate, id, money, okData, okOnly, timestamp } from './envelope.js';

// The aging buckets travel with the risk contracts (the web labels its tables from them).
export * from '../risco/faixas.js';

/**
 * Exposure and portfolio risk (issue 29, administrador, /financeiro/risco). Every figure is
 * defined — with the SQL that computes it — in docs/risco.md. Percentages are numbers 0–100 with
 * two decimals; money is reais on the wire (integer centavos inside).
 */
const tags = ['risco'];

const faixa = z.enum(FAIXA_LIST);
const percentual = z.number();

/** When the position the screen shows was computed (the job risco.atualizar) and its reference day. */
const posicaoShape = { posicao_em: timestamp.nullable(), data_referencia: calendarDate.nullable() };

const limiteUso = {
  /** The published credit policy's limit; null: no limit of this kind. */
  limite: money.nullable(),
  /** valor_garantido / limite × 100; null without a limit. */
  uso_percentual: percentual.nullable(),
};

export const exposicaoLojaJson = z.object({
  empresa_id: id,
  fantasia: z.string(),
  razao: z.string(),
  boletos: z.number().int(),
  documentos: z.number().int(),
  valor_garantido: money,
  valor_vencido: money,
  valor_honrado: money,
  participacao: percentual,
  ...limiteUso,
});

export const exposicaoDocumentoJson = z.object({
  pessoa_id: id,
  cpf_cnpj: z.string(),
  nome: z.string(),
  lojas: z.number().int(),
  boletos: z.number().int(),
  valor_garantido: money,
  valor_vencido: money,
  valor_honrado: money,
  participacao: percentual,
  ...limiteUso,
});

export const alertaLimiteJson = z.object({
  /** LOJA: a shop over the policy's per-shop limit; DOCUMENTO: a CPF/CNPJ over the policy's limit
   * across shops; DOCUMENTO_NA_LOJA: a CPF/CNPJ over a shop's own limite_cpf_cnpj in that shop. */
  tipo: z.enum(['LOJA', 'DOCUMENTO', 'DOCUMENTO_NA_LOJA']),
  empresa_id: id.nullable(),
  fantasia: z.string().nullable(),
  pessoa_id: id.nullable(),
  cpf_cnpj: z.string().nullable(),
  nome: z.string().nullable(),
  valor_garantido: money,
  limite: money,
  excesso: money,
  mensagem: z.string(),
});

const exposicaoJson = z.object({
  ...posicaoShape,
  total_garantido: money,
  total_vencido: money,
  total_honrado: money,
  lojas: z.number().int(),
  documentos: z.number().int(),
  /** Over-30 / over-90 now: value more than 30 (90) days late ÷ value on the book, in %. */
  over30: percentual,
  over90: percentual,
  /** Whether a published credit policy gave the per-shop and per-document limits. */
  politica_publicada: z.boolean(),
  por_loja: z.array(exposicaoLojaJson),
  por_documento: z.array(exposicaoDocumentoJson),
  alertas: z.array(alertaLimiteJson),
});

const vintagePontoJson = z.object({ mob: z.number().int(), mes: calendarDate, pct30: percentual, pct90: percentual });
const vintageSafraJson = z.object({
  safra: calendarDate,
  garantias: z.number().int(),
  valor: money,
  pontos: z.array(vintagePontoJson),
});
const razaoMesJson = z.object({ mes: calendarDate, carteira: money, valor_30: money, valor_90: money, over30: percentual, over90: percentual });
const vintageJson = z.object({ ...posicaoShape, safras: z.array(vintageSafraJson), razoes: z.array(razaoMesJson) });

const rolagemCelulaJson = z.object({ para: z.string(), boletos: z.number().int(), valor: money, taxa: percentual });
const rolagemLinhaJson = z.object({ de: faixa, boletos: z.number().int(), valor: money, destinos: z.array(rolagemCelulaJson) });
const rolagemJson = z.object({
  ...posicaoShape,
  /** The month-ends available, newest first. */
  meses: z.array(calendarDate),
  mes: calendarDate.nullable(),
  linhas: z.array(rolagemLinhaJson),
  /** Per month, the share of each bucket's value that rolled to a worse bucket (the chart). */
  piora: z.array(z.object({ mes: calendarDate, taxa: percentual })),
});

const fpdSafraJson = z.object({
  safra: calendarDate,
  garantias: z.number().int(),
  garantias_maduras: z.number().int(),
  garantias_fpd: z.number().int(),
  taxa: percentual.nullable(),
  valor_maduro: money,
  valor_fpd: money,
  taxa_valor: percentual.nullable(),
});

const curaMesJson = z.object({
  mes: calendarDate,
  acordos: z.number().int(),
  quitados: z.number().int(),
  em_andamento: z.number().int(),
  cancelados: z.number().int(),
  valor: money,
  valor_quitado: money,
  /** quitados ÷ (quitados + cancelados): among the acordos that ended. */
  taxa_cura: percentual.nullable(),
});

const perdaLojaJson = z.object({
  empresa_id: id,
  fantasia: z.string(),
  honrado: money,
  recuperado: money,
  perda: money,
  /** recuperado ÷ honrado. */
  taxa_recuperacao: percentual.nullable(),
});

const provisaoFaixaJson = z.object({
  faixa,
  descricao: z.string(),
  dias_de: z.number().int(),
  dias_ate: z.number().int().nullable(),
  percentual,
  percentual_padrao: percentual,
  boletos: z.number().int(),
  valor: money,
  provisao: money,
});

export const periodoRiscoQuery = z.object({
  de: z.string().regex(/^\d{4}-\d{2}$/, 'Informe o mês inicial como AAAA-MM.').optional(),
  ate: z.string().regex(/^\d{4}-\d{2}$/, 'Informe o mês final como AAAA-MM.').optional(),
});

export const rolagemQuery = z.object({
  mes: z.string().regex(/^\d{4}-\d{2}$/, 'Informe o mês como AAAA-MM.').optional(),
});

export const faixasProvisaoBody = z.object({
  faixas: z
    .array(
      z.object({
        faixa,
        percentual: z
          .number({ error: 'Informe o percentual.' })
          .min(0, 'O percentual não pode ser negativo.')
          .max(100, 'O percentual não pode passar de 100%.')
          .refine((v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-9, 'Use no máximo duas casas decimais.'),
      }),
    )
    .min(1, 'Informe ao menos uma faixa.')
    .max(9)
    .refine((fs) => new Set(fs.map((f) => f.faixa)).size === fs.length, 'Cada faixa só pode aparecer uma vez.'),
});

export const RISCO_QUADROS = ['exposicao_lojas', 'exposicao_documentos', 'alertas', 'vintage', 'razoes', 'rolagem', 'primeiro_pagamento', 'cura_acordo', 'perdas', 'provisoes'] as const;
export type RiscoQuadro = (typeof RISCO_QUADROS)[number];

export const riscoCsvQuery = z.object({
  quadro: z.enum(RISCO_QUADROS, { error: 'Quadro desconhecido.' }),
  de: periodoRiscoQuery.shape.de,
  ate: periodoRiscoQuery.shape.ate,
  mes: rolagemQuery.shape.mes,
});

export const riscoContracts = {
  getExposicao: defineContract({
    method: 'GET', path: '/api/risco/exposicao', access: 'admin', tags,
    summary: 'Exposição agora: valor garantido em aberto por loja e por CPF/CNPJ (20 maiores), uso dos limites e alertas',
    response: okData(exposicaoJson),
  }),
  getVintage: defineContract({
    method: 'GET', path: '/api/risco/vintage', access: 'admin', tags,
    summary: 'Safras: % do valor com mais de 30 e de 90 dias de atraso por mês de carteira; over-30 e over-90 por mês',
    query: periodoRiscoQuery,
    response: okData(vintageJson),
  }),
  getRolagem: defineContract({
    method: 'GET', path: '/api/risco/rolagem', access: 'admin', tags,
    summary: 'Rolagem entre faixas de atraso de um mês para o seguinte',
    query: rolagemQuery,
    response: okData(rolagemJson),
  }),
  getPrimeiroPagamento: defineContract({
    method: 'GET', path: '/api/risco/primeiro-pagamento', access: 'admin', tags,
    summary: 'Inadimplência no primeiro pagamento (1ª parcela com mais de 30 dias de atraso) por safra',
    query: periodoRiscoQuery,
    response: okData(z.object({ ...posicaoShape, safras: z.array(fpdSafraJson) })),
  }),
  getCuraAcordo: defineContract({
    method: 'GET', path: '/api/risco/cura-acordo', access: 'admin', tags,
    summary: 'Cura após acordo: acordos por mês de criação, quitados, em andamento e cancelados',
    query: periodoRiscoQuery,
    response: okData(z.object({ meses: z.array(curaMesJson) })),
  }),
  getPerdas: defineContract({
    method: 'GET', path: '/api/risco/perdas', access: 'admin', tags,
    summary: 'Perdas e recuperações por loja no período, do razão',
    query: periodoRiscoQuery,
    response: okData(z.object({ de: calendarDate, ate: calendarDate, lojas: z.array(perdaLojaJson), total: perdaLojaJson.omit({ empresa_id: true, fantasia: true }) })),
  }),
  getProvisoes: defineContract({
    method: 'GET', path: '/api/risco/provisoes', access: 'admin', tags,
    summary: 'Provisões por faixa de atraso (Res. CMN 2.682 como tabela padrão)',
    response: okData(z.object({ ...posicaoShape, faixas: z.array(provisaoFaixaJson), total_valor: money, total_provisao: money, atualizado_em: timestamp.nullable() })),
  }),
  salvarFaixasProvisao: defineContract({
    method: 'POST', path: '/api/risco/provisoes/faixas', access: 'admin', tags,
    summary: 'Altera os percentuais de provisão por faixa',
    body: faixasProvisaoBody,
    response: okOnly,
  }),
  restaurarFaixasProvisao: defineContract({
    method: 'POST', path: '/api/risco/provisoes/faixas/padrao', access: 'admin', tags,
    summary: 'Volta os percentuais de provisão aos mínimos da Res. CMN 2.682',
    response: okOnly,
  }),
  atualizar: defineContract({
    method: 'POST', path: '/api/risco/atualizar', access: 'admin', tags,
    summary: 'Recalcula agora a posição de risco (a tarefa que roda a cada 15 minutos)',
    response: okData(z.object({ job_id: id })),
  }),
  getCsv: defineContract({
    method: 'GET', path: '/api/risco/csv', access: 'admin', tags,
    summary: 'Um quadro do risco da carteira em CSV (separador ;, decimais com vírgula)',
    query: riscoCsvQuery,
    file: { contentTypes: ['text/csv'], description: 'O quadro pedido, como a tela o mostra' },
  }),
};

export type RiscoExposicao = z.infer<typeof exposicaoJson>;
