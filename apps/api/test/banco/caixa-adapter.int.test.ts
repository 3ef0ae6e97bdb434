import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIXA_TOKEN_PATH, caixaNossoNumero } from '@bg/domain';
import type { BankCall, BankTitulo } from '../../src/adapters/bank/bank-adapter.js';
import { BankError } from '../../src/adapters/bank/bank-adapter.js';
import { caixaApiAdapter } from '../../src/adapters/bank/caixa-api-adapter.js';
import { bankAdapters, type BankAdapterConfig } from '../../src/adapters/bank/choose-bank-adapter.js';
import { buildBankSandbox } from '../../src/bank-sandbox/build-bank-sandbox.js';

/**
 * Caixa's adapter against the local Caixa sandbox over real HTTP (buildBankSandbox on port 0): the
 * token, the apikey, the 5-per-second limiter, bodies and answers without losing the 17-digit
 * nosso número, and each of Caixa's refusals as the port's error kinds. Every test has a sandbox
 * of its own: Caixa's SSO issues one token a minute, and the limiter of it is per SSO address.
 */
const CREDENTIAL = { clientId: 'cli-ext-caixa-bg', clientSecret: 'segredo-caixa-789', appKey: 'apikey-caixa-123' };
const BENEFICIARIO = '1100000';
/** 14123456789012345 is above 2^53 and odd: JSON.parse would read it as …344. */
const SEQUENCIAL_GRANDE = 123_456_789_012_345;

const opened: FastifyInstance[] = [];
afterEach(async () => {
  while (opened.length) {
    const app = opened.pop()!;
    const closing = app.close();
    // a connection the client abandoned (the timeout fault) is not waited out for its keep-alive
    app.server.closeAllConnections();
    await closing;
  }
});

async function startSandbox() {
  const app = buildBankSandbox({ credentials: [CREDENTIAL] });
  opened.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/caixa`;
  const cfg: BankAdapterConfig = {
    banco: '104',
    apiUrl: `${base}/cobranca-bancaria`,
    oauthUrl: `${base}${CAIXA_TOKEN_PATH}`,
    ...CREDENTIAL,
    convenio: BENEFICIARIO,
    carteira: 'RG',
    variacao: '',
    agencia: '0374',
    conta: '',
    beneficiarioDocumento: '00360305000104',
    timeoutMs: 2_000,
  };
  const control = async (path: string, body?: object) => {
    const res = await fetch(`${base}/sandbox${path}`, { method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return { base, cfg, control };
}

/** A log that keeps every exchange. */
function recorder() {
  const calls: BankCall[] = [];
  return { calls, log: (c: BankCall) => void calls.push(c) };
}

function titulo(change: Partial<BankTitulo> = {}): BankTitulo {
  return {
    sequencial: 42,
    seuNumero: '21-3/1',
    dataEmissao: '2026-11-27',
    vencimento: '2036-12-27',
    valorCents: 15_000,
    pagador: { documento: '52998224725', nome: 'Maria da Conceição', endereco: 'Rua das Flores, 123', cep: '01310100', cidade: 'São Paulo', bairro: 'Bela Vista', uf: 'SP', telefone: '11999998888' },
    multaBps: 200,
    pix: false,
    ...change,
  };
}

async function refusal(promise: Promise<unknown>): Promise<BankError> {
  const e = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(BankError);
  return e as BankError;
}

describe('Caixa API adapter against the Caixa sandbox', () => {
  it('registers through the registry (bank 104): the 17-digit nosso número read losslessly, secrets kept out of the log', async () => {
    const { cfg, control } = await startSandbox();
    const adapter = bankAdapters().for(cfg);
    expect(adapter.banco).toBe('104');
    expect(adapter.temListagem).toBe(false);
    const numero = adapter.numeroBanco(SEQUENCIAL_GRANDE);
    expect(numero).toBe('14123456789012345');
    expect(Number(numero).toString()).not.toBe(numero); // what JSON.parse would have made of it

    const { calls, log } = recorder();
    const r = await adapter.register(titulo({ sequencial: SEQUENCIAL_GRANDE, pix: true }), log);
    expect(r.numeroBanco).toBe('14123456789012345');
    expect(r.codigoBarras).toMatch(/^104\d{41}$/);
    expect(r.linhaDigitavel).toMatch(/^104\d{44}$/);
    expect(r.pix?.emv).toMatch(/^000201/);

    expect(calls.map((c) => [c.operacao, c.metodo, c.status])).toEqual([
      ['token', 'POST', 200],
      ['registrar', 'POST', 200],
    ]);
    // the body went as Caixa's int64, and the answer carried it the same way
    expect(calls[1].requisicao).toContain('"nosso_numero":14123456789012345');
    expect(calls[1].resposta).toContain('"nosso_numero":14123456789012345');
    expect(calls[1].url).toBe(`${cfg.apiUrl}/v4/beneficiarios/1100000/boletos`);
    for (const c of calls) {
      expect(`${c.url} ${c.requisicao} ${c.resposta}`).not.toContain(CREDENTIAL.clientSecret);
      expect(`${c.url} ${c.requisicao} ${c.resposta}`).not.toContain(CREDENTIAL.appKey);
    }
    expect(calls[0].resposta).toContain('"access_token":"***');
    expect(calls[0].resposta).toContain('"refresh_token":"***');

    const held = await control('/boletos/14123456789012345');
    expect(held.json).toMatchObject({ situacao: 'EM ABERTO', valor_cents: 15_000, pix: true, data_vencimento: '2036-12-27' });
  });

  it('a second registration of the same nosso número is JA_INCLUIDO with Caixa\'s code, and the title is there to adopt', async () => {
    const { cfg } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    await adapter.register(titulo(), () => {});
    const e = await refusal(adapter.register(titulo(), () => {}));
    expect(e.kind).toBe('JA_INCLUIDO');
    expect(e.status).toBe(400);
    expect(e.message).toBe('A Caixa informa que o título já está registrado. Resposta da Caixa: (38) NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO (código 0038).');
    const known = await adapter.get(caixaNossoNumero(42), () => {});
    expect(known).toMatchObject({ numeroBanco: '14000000000000042', estado: 'REGISTRADO', estadoBanco: 'EM ABERTO', pagamento: null });
  });

  it('get of a paid title: the payment in centavos with its date (encargos = what was paid above the value)', async () => {
    const { cfg, control } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    const r = await adapter.register(titulo({ sequencial: SEQUENCIAL_GRANDE }), () => {});
    const paid = await control(`/boletos/${r.numeroBanco}/pagar`, { valorPagoCents: 15_349, data: '2036-12-29T10:15:00-03:00', canal: 'LOTERICA' });
    expect(paid.status).toBe(200);

    const state = await adapter.get(r.numeroBanco, () => {});
    expect(state).toEqual({
      numeroBanco: '14123456789012345',
      estado: 'LIQUIDADO',
      estadoBanco: 'LIQUIDADO',
      registradoEm: null,
      linhaDigitavel: r.linhaDigitavel,
      codigoBarras: r.codigoBarras,
      pagamento: {
        numeroBanco: '14123456789012345',
        dataPagamento: '2036-12-29',
        dataCredito: null,
        valorPagoCents: 15_349,
        valorTituloCents: 15_000,
        tarifaCents: 0,
        jurosCents: 349,
        descontoCents: 0,
        canal: null,
        idPagamento: null,
      },
    });
  });

  it('get of a title Caixa does not know answers null', async () => {
    const { cfg } = await startSandbox();
    const { calls, log } = recorder();
    expect(await caixaApiAdapter(cfg).get(caixaNossoNumero(999), log)).toBeNull();
    expect(calls.at(-1)).toMatchObject({ operacao: 'consultar', metodo: 'GET', status: 404 });
  });

  it('change sends the whole title by PUT with the new due date and value; without the title it is not sent', async () => {
    const { cfg, control } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    const before = await adapter.register(titulo(), () => {});
    const { calls, log } = recorder();
    await adapter.change(before.numeroBanco, { vencimento: '2037-01-15', valorCents: 16_000, titulo: titulo({ vencimento: '2037-01-15', valorCents: 16_000 }) }, log);
    const put = calls.find((c) => c.operacao === 'alterar');
    expect(put).toMatchObject({ metodo: 'PUT', status: 200, url: `${cfg.apiUrl}/v4/beneficiarios/1100000/boletos/14000000000000042` });
    expect(JSON.parse(put!.requisicao!)).toMatchObject({
      dados_cadastrais: { data_vencimento: '2037-01-15', valor: 160, numero_documento: '21-3/1', pagador: { pessoa_fisica: { cpf: 52998224725 } }, multa: { data: '2037-01-16', percentual: 2 } },
    });
    expect(await control(`/boletos/${before.numeroBanco}`)).toMatchObject({ json: { valor_cents: 16_000, data_vencimento: '2037-01-15' } });
    const after = await adapter.get(before.numeroBanco, () => {});
    expect(after?.linhaDigitavel).not.toBe(before.linhaDigitavel);

    const quiet = recorder();
    const e = await refusal(adapter.change(before.numeroBanco, { valorCents: 17_000 }, quiet.log));
    expect(e.kind).toBe('REJEITADO');
    expect(e.erros[0].codigo).toBe('NAO_ENVIADO');
    expect(quiet.calls).toEqual([]);
  });

  it('write-off: the title leaves the portfolio; a second one is refused with Caixa\'s code', async () => {
    const { cfg } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    const r = await adapter.register(titulo(), () => {});
    const { calls, log } = recorder();
    await adapter.writeOff(r.numeroBanco, log);
    expect(calls.at(-1)).toMatchObject({ operacao: 'baixar', metodo: 'POST', status: 200, url: `${cfg.apiUrl}/v2/beneficiarios/1100000/boletos/14000000000000042/baixar` });
    expect(await adapter.get(r.numeroBanco, () => {})).toMatchObject({ estado: 'BAIXADO', estadoBanco: 'BAIXA POR DEVOLUCAO', pagamento: null });
    const e = await refusal(adapter.writeOff(r.numeroBanco, () => {}));
    expect(e.kind).toBe('REJEITADO');
    expect(e.message).toContain('(código 0048)');
  });

  it('a body Caixa refuses is REJEITADO with its code and message in the Portuguese sentence; one we know is wrong is not sent', async () => {
    const { cfg } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    const e = await refusal(adapter.register(titulo({ pagador: { ...titulo().pagador, documento: '11111111112' } }), () => {}));
    expect(e.kind).toBe('REJEITADO');
    expect(e.erros).toEqual([{ codigo: '0018', mensagem: '(18) CPF/CNPJ DO PAGADOR INVALIDO' }]);
    expect(e.message).toBe('A Caixa recusou o pedido. Resposta da Caixa: (18) CPF/CNPJ DO PAGADOR INVALIDO (código 0018). [HTTP 400]');

    const overdue = await refusal(adapter.register(titulo({ sequencial: 43, pix: true, dataEmissao: '2020-01-02', vencimento: '2020-02-03' }), () => {}));
    expect(overdue).toMatchObject({ kind: 'REJEITADO', status: 400 });
    expect(overdue.message).toContain('DATA DE VENCIMENTO INVALIDA (código 0004)');

    const { calls, log } = recorder();
    const local = await refusal(adapter.register(titulo({ sequencial: 44, pagador: { ...titulo().pagador, cep: '0131' } }), log));
    expect(local.kind).toBe('REJEITADO');
    expect(local.message).toContain('O CEP do pagador deve ter 8 dígitos.');
    expect(calls).toEqual([]);
  });

  it('20 calls at once go through the 5-per-second limiter: no 429, one token for all of them', async () => {
    const { cfg } = await startSandbox();
    const adapter = caixaApiAdapter(cfg);
    const { calls, log } = recorder();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => adapter.register(titulo({ sequencial: 100 + i }), log)));
    const elapsed = performance.now() - started;
    expect(new Set(results.map((r) => r.numeroBanco)).size).toBe(20);
    expect(calls.filter((c) => c.operacao === 'token')).toHaveLength(1);
    expect(calls.filter((c) => c.operacao === 'registrar').map((c) => c.status)).toEqual(Array(20).fill(200));
    // 5 permits, each held for its call and 1.05 s after it: the 20th starts after three such turns
    expect(elapsed).toBeGreaterThanOrEqual(3 * 1_050);

    const more = recorder();
    for (const i of [100, 101, 102]) await adapter.get(caixaNossoNumero(i), more.log);
    expect(more.calls.map((c) => c.operacao)).toEqual(['consultar', 'consultar', 'consultar']);
  });

  it('Caixa down (500 BK01, a 503 in plain text, no answer at all) is INDISPONIVEL; a registration whose answer was lost is found by get', async () => {
    const { cfg, control } = await startSandbox();
    const adapter = caixaApiAdapter({ ...cfg, timeoutMs: 400 });
    await control('/falhas', { rota: 'registrar', tipo: 'erro500' });
    const e500 = await refusal(adapter.register(titulo(), () => {}));
    expect(e500).toMatchObject({ kind: 'INDISPONIVEL', status: 500 });
    expect(e500.message).toContain('TRANSACAO TEMPORARIAMENTE INDISPONIVEL (código BK01)');

    await control('/falhas', { rota: 'consultar', tipo: 'indisponivel' });
    expect(await refusal(adapter.get(caixaNossoNumero(42), () => {}))).toMatchObject({ kind: 'INDISPONIVEL', status: 503 });

    await control('/falhas', { rota: 'registrar', tipo: 'timeout', aposProcessar: true, atrasoMs: 5_000 });
    const { calls, log } = recorder();
    const timeout = await refusal(adapter.register(titulo(), log));
    expect(timeout).toMatchObject({ kind: 'INDISPONIVEL', status: null });
    expect(timeout.erros[0].codigo).toBe('TIMEOUT');
    expect(calls.at(-1)).toMatchObject({ operacao: 'registrar', status: null, erro: 'sem resposta em 400 ms' });
    // what sync-conta does next: ask before sending again — the title is there
    expect(await adapter.get(caixaNossoNumero(42), () => {})).toMatchObject({ estado: 'REGISTRADO' });
  });

  it('wrong credentials are CREDENCIAIS; Caixa sends no webhook and has no listing', async () => {
    const { cfg } = await startSandbox();
    const adapter = caixaApiAdapter({ ...cfg, clientSecret: 'outro-segredo' });
    const { calls, log } = recorder();
    const e = await refusal(adapter.register(titulo(), log));
    expect(e).toMatchObject({ kind: 'CREDENCIAIS', status: 401 });
    expect(e.message).toContain('INVALID_CREDENTIALS');
    expect(calls.map((c) => c.operacao)).toEqual(['token']);
    expect(calls[0].requisicao).toContain('client_secret=***');

    expect(await adapter.listSettlements('2026-11-01', '2026-11-30', () => {})).toEqual([]);
    expect(() => adapter.parseWebhook([{ id: '1' }])).toThrow(/A Caixa não envia webhooks/);
  });
});
