import { buildBbAlteracaoBody, buildBbBaixaBody, parseBbDetalhe, parseBbErros, parseBbListagem, parseBbRegistroResposta } from '@bg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVENIO, bbClient, registroBody, startBbSandbox } from './bb-sandbox-helpers.js';

const ID = (seq: number) => `000${CONVENIO}${String(seq).padStart(10, '0')}`;

describe('BB sandbox: detail, listing, alteração and baixa over HTTP', () => {
  let sandbox: Awaited<ReturnType<typeof startBbSandbox>>;
  let now = new Date('2026-11-27T13:00:00Z');
  beforeAll(async () => {
    sandbox = await startBbSandbox({ now: () => now, listagemPageSize: 3 });
  });
  afterAll(async () => {
    await sandbox.app.close();
  });

  it('answers the detail of a registered boleto, and 404 / convênio errors in BB\'s Erro shape', async () => {
    const client = await bbClient(sandbox.bb);
    await client.post('/boletos', registroBody(10, { valorCents: 12345 }));
    const res = await client.get(`/boletos/${ID(10)}`, { numeroConvenio: CONVENIO });
    expect(res.status).toBe(200);
    expect(parseBbDetalhe(res.json)).toMatchObject({
      codigoEstado: 1,
      estado: 'REGISTRADO',
      dataRegistro: '2026-11-27',
      dataVencimento: '2026-12-10',
      valorOriginalCents: 12345,
      valorAtualCents: 12345,
      valorPagoCents: 0,
      seuNumero: '21-3-10',
    });
    const missing = await client.get(`/boletos/${ID(11)}`, { numeroConvenio: CONVENIO });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ errors: [{ code: '9000002' }] });
    const otherConvenio = await client.get(`/boletos/${ID(10)}`, { numeroConvenio: '1234567' });
    expect(otherConvenio.status).toBe(400);
    expect(parseBbErros(400, otherConvenio.json)[0]?.mensagem).toMatch(/convênio/);
  });

  it('lists in pages walked by indice / proximoIndice, and requires the documented parameters', async () => {
    const client = await bbClient(sandbox.bb);
    for (const seq of [20, 21, 22, 23, 24]) await client.post('/boletos', registroBody(seq));
    const query = { indicadorSituacao: 'A', agenciaBeneficiario: 452, contaBeneficiario: 123873 };
    const seen: string[] = [];
    let indice: number | null = 0;
    let pages = 0;
    while (indice !== null) {
      const res = await client.get('/boletos', { ...query, indice });
      expect(res.status).toBe(200);
      const page = parseBbListagem(res.json);
      seen.push(...page.boletos.map((b) => b.numero));
      indice = page.proximoIndice;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual([ID(10), ID(20), ID(21), ID(22), ID(23), ID(24)]);

    const missing = await client.get('/boletos', { indicadorSituacao: 'A' });
    expect(missing.status).toBe(400);
    // The listing's error model is ErroV2 (codigoMensagem / textoMensagem).
    expect(missing.json).toMatchObject({ erros: [{ codigoMensagem: '9000001' }] });
    expect(parseBbErros(400, missing.json)[0]?.mensagem).toMatch(/agenciaBeneficiario/);
  });

  it('refuses a change before alteracaoDelayMs and applies it after (injected clock)', async () => {
    await (await bbClient(sandbox.bb)).post('/boletos', registroBody(30));
    const change = buildBbAlteracaoBody(CONVENIO, { vencimento: '2026-12-20', valorCents: 15050 });
    now = new Date('2026-11-27T13:29:59Z');
    // Tokens last 600 s: the clock moved past the first one.
    const client = await bbClient(sandbox.bb);
    const early = await client.patch(`/boletos/${ID(30)}`, change);
    expect(early.status).toBe(400);
    expect(parseBbErros(400, early.json)[0]).toMatchObject({ codigo: '9000003', mensagem: expect.stringMatching(/30 minutos/) });

    now = new Date('2026-11-27T13:30:00Z');
    const ok = await client.patch(`/boletos/${ID(30)}`, change);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ dataAtualizacao: '27.11.2026', horarioAtualizacao: '10:30:00' });
    const detail = parseBbDetalhe((await client.get(`/boletos/${ID(30)}`, { numeroConvenio: CONVENIO })).json);
    expect(detail).toMatchObject({ dataVencimento: '2026-12-20', valorOriginalCents: 10000, valorAtualCents: 15050 });
    // The printed lines follow the new due date and amount.
    expect(detail.codigoBarras).not.toBe(parseBbRegistroResposta((await client.post('/boletos', registroBody(31))).json).codigoBarraNumerico);
    expect(detail.codigoBarras?.slice(9, 19)).toBe('0000015050');

    const bad = await client.patch(`/boletos/${ID(30)}`, { numeroConvenio: Number(CONVENIO), indicadorNovaDataVencimento: 'S', indicadorNovoValorNominal: 'N' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ errors: [{ code: '9000001' }] });
  });

  it('writes a boleto off: BAIXADO in the detail and in the "B" listing; a second baixa is refused', async () => {
    const client = await bbClient(sandbox.bb);
    await client.post('/boletos', registroBody(40));
    const res = await client.post(`/boletos/${ID(40)}/baixar`, buildBbBaixaBody(CONVENIO));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dataBaixa: '27.11.2026' });
    expect(parseBbDetalhe((await client.get(`/boletos/${ID(40)}`, { numeroConvenio: CONVENIO })).json).estado).toBe('BAIXADO');
    const baixados = parseBbListagem((await client.get('/boletos', { indicadorSituacao: 'B', agenciaBeneficiario: 452, contaBeneficiario: 123873, dataInicioMovimento: '27.11.2026', dataFimMovimento: '27.11.2026' })).json);
    expect(baixados.boletos.map((b) => [b.numero, b.estado])).toEqual([[ID(40), 'BAIXADO']]);
    const again = await client.post(`/boletos/${ID(40)}/baixar`, buildBbBaixaBody(CONVENIO));
    expect(again.status).toBe(400);
    expect(parseBbErros(400, again.json)[0]?.codigo).toBe('9000004');
  });
});
