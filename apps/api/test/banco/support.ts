import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CAIXA_TOKEN_PATH, type ContaCobrancaInput } from '@bg/domain';
import { buildBankSandbox, type BankSandboxOptions } from '../../src/bank-sandbox/build-bank-sandbox.js';
import { loadConfig } from '../../src/config.js';
import { contaCobranca } from '../../src/db/schema/index.js';
import { insertContaCobranca, type ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { createCnabTestApp, post, type CnabTestApp } from '../cnab/support.js';

/**
 * What the tests of banks by API share (issue 26): the beneficiary's contas at Banco do Brasil and
 * Caixa, an app whose bank calls time out fast and whose ticker stays out of the way (the tests run
 * `syncConta` themselves), the sandbox listening on a port of its own, and a conta made the active
 * one and switched to API mode through the admin's route.
 */
const BENEFICIARIO = {
  nome: 'Boleto Garantido Serviços Financeiros Ltda',
  cnpj: '11222333000181',
  cep: '01310100',
  endereco: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  pix_chave: null,
} as const;

export const BB_CONVENIO = '3128557';

export const bbConta = (over: Partial<ContaCobrancaInput> = {}): ContaCobrancaInput => ({ banco: '001', agencia: '4321', conta: '12345', codigo_beneficiario: BB_CONVENIO, carteira: '17', ...BENEFICIARIO, ...over });

export const caixaConta = (over: Partial<ContaCobrancaInput> = {}): ContaCobrancaInput => ({ banco: '104', agencia: '0374', conta: null, codigo_beneficiario: '1100000', carteira: 'RG', ...BENEFICIARIO, ...over });

export type SandboxClient = { clientId: string; clientSecret: string; appKey: string };

/** A CNAB test app (its own database) for bank tests: no in-process sandbox, no ticker, short timeouts. */
export function createBankTestApp(timeoutMs = 1500): Promise<CnabTestApp> {
  return createCnabTestApp({ bank: { ...loadConfig({ LOG_LEVEL: 'silent' }).bank, sandbox: false, timeoutMs, syncSeconds: 3600, webhookSecret: null } });
}

/** The local bank on a port of its own. */
export async function startSandbox(options: BankSandboxOptions): Promise<{ app: FastifyInstance; url: string }> {
  const app = buildBankSandbox(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** `input` becomes the house default conta (the others retired), by CNAB until switched. */
export async function activeConta(t: CnabTestApp, input: ContaCobrancaInput): Promise<ContaCobrancaRow> {
  await t.db.update(contaCobranca).set({ ativa: false, padrao: false });
  return insertContaCobranca(t.db, input, 'ADMIN', null);
}

/** The sandbox's endpoints of the conta's bank, as the admin types them. */
const endpoints = (banco: string, sandboxUrl: string) =>
  banco === '001'
    ? { api_url: `${sandboxUrl}/bb/cobrancas/v2`, api_oauth_url: `${sandboxUrl}/bb/oauth/token`, variacao_carteira: '35' }
    : { api_url: `${sandboxUrl}/caixa/cobranca-bancaria`, api_oauth_url: `${sandboxUrl}/caixa${CAIXA_TOKEN_PATH}` };

/**
 * `input` becomes the active conta and the admin switches it to the sandbox's API through
 * POST /api/contaCobranca/integracao/{id}; answers the conta and the path of its webhook URL.
 */
export async function apiConta(t: CnabTestApp, input: ContaCobrancaInput, sandboxUrl: string, client: SandboxClient): Promise<{ conta: ContaCobrancaRow; webhookPath: string; answer: Record<string, unknown> }> {
  const conta = await activeConta(t, input);
  const saved = await post(t, `/api/contaCobranca/integracao/${conta.id}`, t.admin.token, {
    modo: 'API',
    ...endpoints(input.banco, sandboxUrl),
    api_client_id: client.clientId,
    client_secret: client.clientSecret,
    app_key: client.appKey,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const answer = saved.json().data as Record<string, unknown>;
  const url = new URL(answer.webhook_url as string);
  return { conta, webhookPath: url.pathname + url.search, answer };
}
