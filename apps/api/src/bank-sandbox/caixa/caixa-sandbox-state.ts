import type { CaixaSituacao } from '@bg/domain';

/**
 * What the Caixa sandbox remembers, in Maps (a bench registers thousands): the titles by
 * beneficiário + nosso número, the tokens it issued, the request counters of its throttle and the
 * faults a test asked for. Nothing here is Caixa's contract; the routes are.
 */

export type CaixaSandboxBoleto = {
  beneficiario: string;
  nossoNumero: string;
  /** dados_cadastrais as last accepted (registration or alteração), without nosso_numero. */
  dados: Record<string, unknown>;
  situacao: CaixaSituacao;
  valorCents: number;
  dataVencimento: string;
  codigoBarras: string;
  linhaDigitavel: string;
  url: string;
  pix: { emv: string; url: string } | null;
  registradoEm: string;
  alteradoEm: string | null;
  baixadoEm: string | null;
  valorPagoCents: number | null;
  /** São Paulo wall time, as Caixa writes it: 'aaaa-mm-dd-hh.mm.ss'. */
  dataHoraPagamento: string | null;
  /** Sandbox-only: how the "payer" paid (PIX, AGENCIA, INTERNET…); Caixa's consulta has no such field. */
  canal: string | null;
};

export type CaixaSandboxRota = 'token' | 'registrar' | 'consultar' | 'alterar' | 'baixar';

export type CaixaSandboxFalha = {
  rota: CaixaSandboxRota;
  /** timeout: holds the request atrasoMs, then drops the connection without an answer. */
  tipo: 'timeout' | 'erro500' | 'indisponivel';
  /** How many requests of the route it hits. */
  vezes: number;
  /** The operation happens first and only the answer is lost (a registration that "timed out"). */
  aposProcessar: boolean;
  atrasoMs: number;
};

export type CaixaSandboxToken = { clientId: string; expiresAt: number };

export class CaixaSandboxState {
  readonly boletos = new Map<string, CaixaSandboxBoleto>();
  readonly tokens = new Map<string, CaixaSandboxToken>();
  /** Start times (ms) of the last requests per API key, for the 5 per second rule. */
  readonly requisicoes = new Map<string, number[]>();
  /** Last token issued per client_id (ms), for the one per minute rule. */
  readonly ultimoToken = new Map<string, number>();
  falhas: CaixaSandboxFalha[] = [];
  /** Titles registered without a nosso número get one from here (far from any sequence of ours). */
  proximoSequencial = 900_000_000_000_001;

  static key(beneficiario: string, nossoNumero: string): string {
    return `${beneficiario}:${nossoNumero}`;
  }

  find(beneficiario: string, nossoNumero: string): CaixaSandboxBoleto | undefined {
    return this.boletos.get(CaixaSandboxState.key(beneficiario, nossoNumero));
  }

  /** The fault that hits this request of `rota`, if any (one use of it is spent). */
  takeFalha(rota: CaixaSandboxRota): CaixaSandboxFalha | null {
    const falha = this.falhas.find((f) => f.rota === rota && f.vezes > 0);
    if (!falha) return null;
    falha.vezes -= 1;
    this.falhas = this.falhas.filter((f) => f.vezes > 0);
    return { ...falha };
  }

  reset(): void {
    this.boletos.clear();
    this.tokens.clear();
    this.requisicoes.clear();
    this.ultimoToken.clear();
    this.falhas = [];
    this.proximoSequencial = 900_000_000_000_001;
  }
}

/** Counts a request in a sliding one-second window; false when it is over the limit. */
export function allowRequest(state: CaixaSandboxState, key: string, nowMs: number, perSecond: number | null): boolean {
  if (perSecond === null) return true;
  const recent = (state.requisicoes.get(key) ?? []).filter((t) => t > nowMs - 1000);
  if (recent.length >= perSecond) {
    state.requisicoes.set(key, recent);
    return false;
  }
  recent.push(nowMs);
  state.requisicoes.set(key, recent);
  return true;
}
