import type { DbOrTx } from '../../db/client.js';

/**
 * Credit bureau (DOMAIN.md Integrations): Consulta Restritiva, Consulta Analítica and SPC
 * inclusion. The built-in default (local-bureau.ts) answers from the project's own data, offline
 * and deterministically; a production provider implements the same interface over HTTP and is
 * chosen by BUREAU_PROVIDER (choose-bureau.ts).
 */
export type RestricaoCodigo = 'CPF_SUSPEITO' | 'INADIMPLENCIA' | 'SPC_ATIVO' | 'RESTRICAO_EXTERNA';

export type Restricao = { codigo: RestricaoCodigo; descricao: string };

export type ResultadoRestritiva = {
  provider: string;
  /** True when at least one item blocks new guarantees (the lookup answers 900). */
  restrito: boolean;
  itens: Restricao[];
  /** Facts worth knowing that do not block (past denials, guarantor payments). */
  alertas: string[];
};

export type MotivoScore = { descricao: string; pontos: number };

export type ResultadoAnalitica = {
  provider: string;
  score: number;
  faixa: 'BAIXO' | 'MÉDIO' | 'ALTO';
  motivos: MotivoScore[];
  /** The figures the score was computed from (shown as the report's table). */
  resumo: Record<string, number | string | null>;
};

export type ContextoAnalitica = { renda_cents: number | null };

export type InclusaoSpc = { cpf_cnpj: string; boleto_id: number; valor_cents: number; vencimento: string };

/** The record to remove, by the protocol the bureau answered at inclusion. */
export type ExclusaoSpc = { cpf_cnpj: string; boleto_id: number; protocolo: string | null; motivo: string };

export interface BureauAdapter {
  readonly name: string;
  restritiva(db: DbOrTx, documento: string): Promise<ResultadoRestritiva>;
  analitica(db: DbOrTx, documento: string, context: ContextoAnalitica): Promise<ResultadoAnalitica>;
  /** Registers the debt with the bureau and answers its protocol; the caller records spc_inclusao. */
  incluirSpc(db: DbOrTx, inclusao: InclusaoSpc): Promise<{ protocolo: string }>;
  /**
   * Removes that record (the debt was paid or extinguished); answers the bureau's protocol of the
   * removal. Called by the SPC exclusion job, at least once: a provider must accept a repeat.
   */
  excluirSpc(db: DbOrTx, exclusao: ExclusaoSpc): Promise<{ protocolo: string }>;
}
