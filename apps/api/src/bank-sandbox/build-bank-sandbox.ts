import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { bbSandbox } from './bb/bb-sandbox-plugin.js';
import { caixaSandbox } from './caixa/caixa-sandbox.js';
import { resolveSandboxOptions, type BankSandboxOptions, type ResolvedSandboxOptions } from './sandbox-options.js';
import { SandboxStateFile } from './state-file.js';

export type { BankSandboxOptions, SandboxCredential } from './sandbox-options.js';

type BankSandboxDeps = { options: ResolvedSandboxOptions; stateFile: SandboxStateFile | null };

/**
 * The banks the sandbox plays, each a Fastify plugin mounted under its own prefix. A bank is added
 * with one line here (Caixa: `{ prefix: '/caixa', plugin: caixaSandbox }`).
 */
export const SANDBOX_BANKS: { prefix: string; plugin: (app: FastifyInstance, deps: BankSandboxDeps) => Promise<void> }[] = [
  { prefix: '/bb', plugin: bbSandbox },
  { prefix: '/caixa', plugin: caixaSandbox },
];

/**
 * The local bank sandbox as a plugin: the demo mounts it in-process (`app.register(bankSandboxPlugin,
 * { prefix: '/sandbox-banco', ...options })`), buildBankSandbox serves it alone. It speaks the banks'
 * HTTP contracts, so the real bank clients cannot tell it from the bank; no code path of the app is
 * sandbox-only.
 */
export const bankSandboxPlugin: FastifyPluginAsync<BankSandboxOptions> = async (app, opts) => {
  const options = resolveSandboxOptions(opts);
  const stateFile = options.stateFile ? new SandboxStateFile(options.stateFile) : null;
  for (const bank of SANDBOX_BANKS) {
    await app.register(async (scope) => bank.plugin(scope, { options, stateFile }), { prefix: bank.prefix });
  }
  // After every bank's own preClose: the last state written before the process ends.
  app.addHook('onClose', async () => stateFile?.flush());
};

/** A Fastify server of its own (npm run bank:sandbox, tests): listen on any port. */
export function buildBankSandbox(options: BankSandboxOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(bankSandboxPlugin, options);
  return app;
}
