/**
 * Faults a test injects into the sandbox (POST …/sandbox/falhas): the next `vezes` calls of a route
 * fail the chosen way, before the work or after it (aposProcessar: the boleto is registered but the
 * client sees no answer — what makes a client query before it registers again).
 */
export type FaultKind = 'timeout' | 'erro500' | 'indisponivel';

export type Fault = {
  rota: string;
  tipo: FaultKind;
  /** Calls still to fail. */
  vezes: number;
  aposProcessar: boolean;
  /** timeout only: answer after this many ms; null never answers. */
  atrasoMs: number | null;
};

export class FaultBoard {
  private readonly faults: Fault[] = [];

  constructor(readonly rotas: readonly string[]) {}

  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  /** The fault for this call of the route, if any (used up one time). */
  take(rota: string): Fault | null {
    const fault = this.faults.find((f) => f.rota === rota && f.vezes > 0);
    if (!fault) return null;
    fault.vezes -= 1;
    if (fault.vezes === 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults.length = 0;
  }
}
