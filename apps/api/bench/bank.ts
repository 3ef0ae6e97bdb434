// npm run bench:bank -- --boletos 2000 --caixa 100 --concorrencia 8
// Registrations per second through the real bank adapters over HTTP, against the local bank sandbox
// started here on a free port (buildBankSandbox): Banco do Brasil with no client throttle, Caixa with
// its throttle on (5 requests a second per apikey, as Caixa documents; the limiter counts arrivals:
// 5 per (1.05 s + the call's latency), ≈ 4.7/s against the local sandbox). Latency is each register() as the job sees it — for Caixa that includes the
// wait in the limiter's queue — and, apart, the HTTP exchange alone (the adapters' call log).
// `--caixa-sem-limitador N` also sends N Caixa registrations with the client limiter replaced by a
// pass-through (another apikey): what the throttle spares us — the sandbox, as Caixa, answers 429.
// Figures in docs/banks.md "Desempenho — bench:bank".
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { CAIXA_TOKEN_PATH, type IsoDate } from '@bg/domain';
import type { BankAdapter, BankCall, BankTitulo } from '../src/adapters/bank/bank-adapter.js';
import { bbApiAdapter } from '../src/adapters/bank/bb-api-adapter.js';
import { caixaApiAdapter } from '../src/adapters/bank/caixa-api-adapter.js';
import { buildBankSandbox } from '../src/bank-sandbox/build-bank-sandbox.js';
import type { RateLimiter } from '../src/modules/banco/throttle.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} deve ser um inteiro ≥ 0`);
    process.exit(1);
  }
  return value;
}

const boletos = arg('boletos', 2000);
const caixaBoletos = arg('caixa', 100);
const caixaSemLimitador = arg('caixa-sem-limitador', 0);
const concorrencia = Math.max(1, arg('concorrencia', 8));

const CREDENTIAL = { clientId: 'bench-client', clientSecret: 'bench-secret', appKey: 'bench-app-key' };
const SEM_LIMITE = { clientId: 'bench-client-2', clientSecret: 'bench-secret-2', appKey: 'bench-app-key-2' };
const sandbox = buildBankSandbox({ credentials: [CREDENTIAL, SEM_LIMITE] });
await sandbox.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;

const common = { ...CREDENTIAL, timeoutMs: 10_000 };
const bb = bbApiAdapter({ ...common, apiUrl: `${base}/bb/cobrancas/v2`, oauthUrl: `${base}/bb/oauth/token`, convenio: '3128557', carteira: '17', variacao: '35', agencia: '452', conta: '123873' });
const caixaCfg = { ...common, apiUrl: `${base}/caixa/cobranca-bancaria`, oauthUrl: `${base}/caixa${CAIXA_TOKEN_PATH}`, convenio: '1100000', beneficiarioDocumento: '00360305000104' };
const caixa = caixaApiAdapter(caixaCfg);
/** Starts every call at once: no client throttle (the sandbox's own SSO rule is per client, and this client asks once). */
const semFila: RateLimiter = { schedule: (fn) => Promise.resolve().then(fn), pending: () => 0, waitMs: () => 0 };
const caixaSemFila = caixaApiAdapter({ ...caixaCfg, ...SEM_LIMITE }, { limiter: semFila, tokenLimiter: semFila });

const hoje = new Date().toISOString().slice(0, 10) as IsoDate;
const vencimento = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) as IsoDate;

function titulo(sequencial: number): BankTitulo {
  return {
    sequencial,
    seuNumero: `${sequencial}-1/1`,
    dataEmissao: hoje,
    vencimento,
    valorCents: 10_000 + (sequencial % 9_000),
    pagador: { documento: '52998224725', nome: 'Maria da Conceição', endereco: 'Rua das Flores, 123', cep: '01310100', cidade: 'São Paulo', bairro: 'Bela Vista', uf: 'SP' },
    multaBps: 200,
    // as sync-conta registers: boleto híbrido, the bank's Pix on the slip
    pix: true,
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

type Run = { banco: string; n: number; ms: number; latencias: number[]; http: number[]; falhas: number; status: Map<number | null, number> };

/** n registrations, `concorrencia` in flight at a time, each timed from the call to its answer. */
async function run(banco: string, adapter: BankAdapter, n: number, primeiro = 1, falhasEsperadas = false): Promise<Run> {
  const latencias: number[] = [];
  const http: number[] = [];
  const status = new Map<number | null, number>();
  let falhas = 0;
  const log = (c: BankCall) => {
    status.set(c.status, (status.get(c.status) ?? 0) + 1);
    if (c.operacao === 'registrar') http.push(c.latenciaMs);
  };
  let next = primeiro;
  const ultimo = primeiro + n - 1;
  const started = performance.now();
  async function worker() {
    while (next <= ultimo) {
      const sequencial = next++;
      const t0 = performance.now();
      try {
        await adapter.register(titulo(sequencial), log);
        latencias.push(performance.now() - t0);
      } catch (e) {
        falhas++;
        if (falhas <= 3 && !falhasEsperadas) console.error(`${banco}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concorrencia, n) }, worker));
  return { banco, n, ms: performance.now() - started, latencias: latencias.sort((a, b) => a - b), http: http.sort((a, b) => a - b), falhas, status };
}

function show(r: Run) {
  const ok = r.n - r.falhas;
  const status = [...r.status].map(([s, c]) => `${s ?? 'sem resposta'}×${c}`).join(', ');
  console.log(
    `${r.banco.padEnd(28)} ${String(ok).padStart(5)} registros em ${(r.ms / 1000).toFixed(2)} s = ${(ok / (r.ms / 1000)).toFixed(1)}/s; ` +
      `latência p50 ${percentile(r.latencias, 50).toFixed(0)} ms, p95 ${percentile(r.latencias, 95).toFixed(0)} ms ` +
      `(HTTP p50 ${percentile(r.http, 50)} ms, p95 ${percentile(r.http, 95)} ms); falhas ${r.falhas}; status ${status}`,
  );
}

const cpu = os.cpus()[0]?.model ?? 'desconhecida';
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`máquina: ${cpu} × ${os.cpus().length} CPUs, Node ${process.version}; carga antes ${load()}`);
console.log(`sandbox em ${base}; concorrência ${concorrencia}`);
const results: Run[] = [];
if (boletos > 0) results.push(await run('Banco do Brasil (sem limite)', bb, boletos));
if (caixaBoletos > 0) results.push(await run('Caixa (limitador 5/s)', caixa, caixaBoletos));
const semLimitador = caixaSemLimitador > 0 ? await run('Caixa sem limitador', caixaSemFila, caixaSemLimitador, 500_000, true) : null;
for (const r of results) show(r);
if (semLimitador) show(semLimitador);
console.log(`carga depois ${load()}`);
await sandbox.close();
if (results.some((r) => r.falhas > 0)) process.exitCode = 1;
