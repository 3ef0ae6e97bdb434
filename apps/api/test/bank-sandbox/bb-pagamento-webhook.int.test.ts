import { parseBbBaixaOperacional, parseBbBaixaOperacionalListagem, parseBbDetalhe, parseBbListagem, parseBbRegistroResposta } from '@bg/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVENIO, bbClient, call, eventually, registroBody, startBbSandbox } from './bb-sandbox-helpers.js';

const ID = (seq: number) => `000${CONVENIO}${String(seq).padStart(10, '0')}`;

/** Our side of the webhook: a real HTTP server that records what arrives; the first `failures` calls answer 500. */
async function startReceiver() {
  const received: { url: string; body: unknown }[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({ url: req.url ?? '', body: JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    failNext: (n: number) => (failures = n),
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('BB sandbox: paying a boleto sends the baixa operacional webhook', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sandbox: Awaited<ReturnType<typeof startBbSandbox>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startBbSandbox({
      now: () => new Date('2026-12-15T17:29:30Z'),
      webhookUrl: (convenio) => receiver.url(`/api/banco/webhook/7?token=segredo&convenio=${convenio}`),
      webhookRetryDelaysMs: [50, 50, 50],
    });
  });
  afterAll(async () => {
    await sandbox.app.close();
    await receiver.close();
  });

  it('pays by Pix: LIQUIDADO at the bank and BB\'s webhook body at our URL, late fees included', async () => {
    const client = await bbClient(sandbox.bb);
    await client.post('/boletos', registroBody(50));
    const paid = await call(`${sandbox.bb}/sandbox/boletos/${ID(50)}/pagar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ canal: 'PIX' }) });
    expect(paid.status).toBe(200);

    const arrived = await eventually(() => receiver.received.find((r) => JSON.stringify(r.body).includes(ID(50))));
    expect(arrived.url).toBe('/api/banco/webhook/7?token=segredo&convenio=3128557');
    expect(Array.isArray(arrived.body)).toBe(true);
    const [payment] = parseBbBaixaOperacional(arrived.body);
    // Due 10.12, paid 15.12: multa 2 % (R$ 2,00) + juros 9,90 % a.m. for 5 days (R$ 1,65).
    expect(payment).toMatchObject({
      id: ID(50),
      numeroConvenio: CONVENIO,
      evento: 'PAGAMENTO',
      codigoEstado: 1,
      valorOriginalCents: 10000,
      valorPagoCents: 10365,
      dataLiquidacao: '2026-12-15',
      horaLiquidacao: '14:29:30',
      instituicaoLiquidacao: '001',
      canal: 'PIX',
      codigoCanal: 4,
      tipoPessoaPortador: 2,
      identidadePortador: '98959112000179',
      nomePortador: 'LIVRARIA CUNHA DA CUNHA',
    });
    const wire = (arrived.body as Record<string, unknown>[])[0];
    expect(Object.keys(wire ?? {}).sort()).toEqual(
      ['id', 'dataRegistro', 'dataVencimento', 'valorOriginal', 'valorPagoSacado', 'numeroConvenio', 'numeroOperacao', 'carteiraConvenio', 'variacaoCarteiraConvenio', 'codigoEstadoBaixaOperacional', 'dataLiquidacao', 'instituicaoLiquidacao', 'canalLiquidacao', 'codigoModalidadeBoleto', 'tipoPessoaPortador', 'identidadePortador', 'nomePortador', 'formaPagamento'].sort(),
    );

    const detail = parseBbDetalhe((await client.get(`/boletos/${ID(50)}`, { numeroConvenio: CONVENIO })).json);
    expect(detail).toMatchObject({ estado: 'LIQUIDADO', valorPagoCents: 10365, valorJurosRecebidoCents: 165, valorMultaRecebidoCents: 200, dataRecebimento: '2026-12-15', dataCredito: '2026-12-16', canal: 'PIX' });
    const listing = parseBbListagem((await client.get('/boletos', { indicadorSituacao: 'B', agenciaBeneficiario: 452, contaBeneficiario: 123873, dataInicioMovimento: '15.12.2026' })).json);
    expect(listing.boletos.find((b) => b.numero === ID(50))).toMatchObject({ estado: 'LIQUIDADO', valorPagoCents: 10365, dataCredito: '2026-12-16' });
  });

  it('retries the webhook when our endpoint fails, and shows every attempt', async () => {
    const client = await bbClient(sandbox.bb);
    await client.post('/boletos', registroBody(51, { dataVencimento: '2026-12-20' }));
    receiver.failNext(2);
    await call(`${sandbox.bb}/sandbox/boletos/${ID(51)}/pagar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ canal: 'AGENCIA', valorPagoCents: 10000 }) });
    const arrived = await eventually(() => receiver.received.find((r) => JSON.stringify(r.body).includes(ID(51))));
    expect(parseBbBaixaOperacional(arrived.body)[0]).toMatchObject({ valorPagoCents: 10000, canal: 'AGENCIA', formaPagamento: 1 });
    const state = await call(`${sandbox.bb}/sandbox/boletos/${ID(51)}`);
    const webhooks = (state.json as { webhooks: { entregue: boolean; tentativas: { status: number }[] }[] }).webhooks;
    expect(webhooks[0]?.entregue).toBe(true);
    expect(webhooks[0]?.tentativas.map((t) => t.status)).toEqual([500, 500, 200]);
  });

  it('cancels a payment with code 10, and pays in two steps (em liquidação, then liquidado)', async () => {
    const client = await bbClient(sandbox.bb);
    await client.post('/boletos', registroBody(52, { dataVencimento: '2026-12-20' }));
    await call(`${sandbox.bb}/sandbox/boletos/${ID(52)}/pagar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ liquidar: false }) });
    expect(parseBbDetalhe((await client.get(`/boletos/${ID(52)}`, { numeroConvenio: CONVENIO })).json).estado).toBe('EM_PROCESSAMENTO');
    const cancel = await call(`${sandbox.bb}/sandbox/boletos/${ID(52)}/cancelar-pagamento`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    const cancelled = await eventually(() => receiver.received.map((r) => parseBbBaixaOperacional(r.body)[0]).find((p) => p?.id === ID(52) && p.evento === 'CANCELAMENTO'));
    expect(cancelled.codigoEstado).toBe(10);
    expect(parseBbDetalhe((await client.get(`/boletos/${ID(52)}`, { numeroConvenio: CONVENIO })).json).estado).toBe('REGISTRADO');

    await call(`${sandbox.bb}/sandbox/boletos/${ID(52)}/pagar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ liquidar: false }) });
    expect((await call(`${sandbox.bb}/sandbox/boletos/${ID(52)}/liquidar`, { method: 'POST' })).status).toBe(200);
    expect(parseBbDetalhe((await client.get(`/boletos/${ID(52)}`, { numeroConvenio: CONVENIO })).json).estado).toBe('LIQUIDADO');
  });

  it('lists the baixas operacionais of the period (payments and the cancellation), in pages', async () => {
    const client = await bbClient(sandbox.bb);
    const query = { agencia: 452, conta: 123873, carteira: 17, variacao: 35, dataInicioAgendamentoTitulo: '15.12.2026', dataFimAgendamentoTitulo: '15.12.2026' };
    const res = await client.get('/boletos-baixa-operacional', query);
    expect(res.status).toBe(200);
    const l = parseBbBaixaOperacionalListagem(res.json);
    expect(l.pagamentos.map((p) => [p.id, p.evento])).toEqual([
      [ID(50), 'PAGAMENTO'],
      [ID(51), 'PAGAMENTO'],
      [ID(52), 'PAGAMENTO'],
      [ID(52), 'CANCELAMENTO'],
      [ID(52), 'PAGAMENTO'],
    ]);
    expect(l.pagamentos[0]).toMatchObject({ valorPagoCents: 10365, canal: 'PIX', dataPagamento: '2026-12-15', horaPagamento: '14:29:30', instituicaoFinanceira: '001' });
    expect(l.proximoTitulo).toBeNull();
    const cancelamentos = parseBbBaixaOperacionalListagem((await client.get('/boletos-baixa-operacional', { ...query, estadoBaixaOperacional: 10 })).json);
    expect(cancelamentos.pagamentos.map((p) => p.id)).toEqual([ID(52)]);
    const otherDay = await client.get('/boletos-baixa-operacional', { ...query, dataInicioAgendamentoTitulo: '16.12.2026', dataFimAgendamentoTitulo: '16.12.2026' });
    expect(parseBbBaixaOperacionalListagem(otherDay.json).pagamentos).toEqual([]);
    const missing = await client.get('/boletos-baixa-operacional', { agencia: 452 });
    expect(missing.status).toBe(400);
  });

  it('pays through BB\'s homologação simulation path, by linha digitável', async () => {
    const client = await bbClient(sandbox.bb);
    const linha = parseBbRegistroResposta((await client.post('/boletos', registroBody(53, { dataVencimento: '2026-12-20' }))).json).linhaDigitavel;
    const res = await call(`${sandbox.bb}/testes-portal-desenvolvedor/v1/boletos-cobranca/${linha}/pagar?gw-app-key=chave`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(parseBbDetalhe((await client.get(`/boletos/${ID(53)}`, { numeroConvenio: CONVENIO })).json)).toMatchObject({ estado: 'LIQUIDADO', valorPagoCents: 10000 });
    await eventually(() => receiver.received.find((r) => JSON.stringify(r.body).includes(ID(53))));
  });

  it('refuses to pay what is not open, and lists its state', async () => {
    const again = await call(`${sandbox.bb}/sandbox/boletos/${ID(50)}/pagar`, { method: 'POST' });
    expect(again.status).toBe(409);
    const unknown = await call(`${sandbox.bb}/sandbox/boletos/${ID(59)}/pagar`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    const all = await call(`${sandbox.bb}/sandbox/boletos?numeroConvenio=${CONVENIO}`);
    expect((all.json as { boletos: { numero: string }[] }).boletos.map((b) => b.numero)).toEqual([ID(50), ID(51), ID(52), ID(53)]);
  });
});
