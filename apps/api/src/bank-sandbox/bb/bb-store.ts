import type { BbCanal, IsoDate } from '@bg/domain';
import type { SandboxStateFile } from '../state-file.js';
import type { BbTituloSandbox } from './bb-titulo.js';

/** A baixa operacional as BB lists it (GET /boletos-baixa-operacional): payment or its cancellation. */
export type BbBaixaEvento = { numero: string; codigo: 1 | 2 | 10; data: IsoDate; hora: string; canal: BbCanal; valorCents: number };

/** Where an issued token came from and until when it is good. */
export type BbToken = { clientId: string; appKey: string | null; expiresAt: number };

/**
 * The BB sandbox's state: boletos by numeroTituloCliente (a Map keeps registration order, which is
 * the listing's order) and the tokens it issued. Kept in memory; with a state file, the boletos
 * are written there after each change.
 */
export class BbSandboxStore {
  readonly titulos = new Map<string, BbTituloSandbox>();
  readonly tokens = new Map<string, BbToken>();
  /** Every baixa operacional in the order it happened (the listing's order). */
  readonly baixas: BbBaixaEvento[] = [];
  private numeroOperacao = 10_000_000;

  constructor(private readonly stateFile: SandboxStateFile | null) {
    const saved = stateFile?.read('bb');
    if (isSaved(saved)) {
      for (const t of saved.titulos) this.titulos.set(t.numero, t);
      this.baixas.push(...(saved.baixas ?? []));
      this.numeroOperacao = saved.numeroOperacao;
    }
  }

  nextNumeroOperacao(): number {
    this.numeroOperacao += 1;
    return this.numeroOperacao;
  }

  /** Called after every change of a boleto. */
  changed(): void {
    this.stateFile?.write('bb', { titulos: [...this.titulos.values()], baixas: this.baixas, numeroOperacao: this.numeroOperacao });
  }

  reset(): void {
    this.titulos.clear();
    this.tokens.clear();
    this.baixas.length = 0;
    this.changed();
  }
}

function isSaved(value: unknown): value is { titulos: BbTituloSandbox[]; baixas?: BbBaixaEvento[]; numeroOperacao: number } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { titulos?: unknown; numeroOperacao?: unknown };
  return Array.isArray(v.titulos) && typeof v.numeroOperacao === 'number';
}
