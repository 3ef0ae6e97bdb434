import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildBoleto,
  buildCaixaAlteracaoBody,
  buildCaixaRegistroBody,
  caixaNossoNumero,
  caixaPaths,
  crc16ccitt,
  isCaixaNossoNumeroJaIncluido,
  isCaixaTituloNaoEncontrado,
  parseCaixaConsulta,
  parseCaixaErros,
  parseCaixaRegistroResposta,
} from '@bg/domain';
import { CLIENT, startCaixaSandbox, tituloCaixa, type CaixaTestServer } from './caixa-test-server.js';

let caixa: CaixaTestServer;
beforeEach(async () => {
  // the throttle has its own tests: here every call may go at once
  caixa = await startCaixaSandbox({ requestsPerSecond: null });
});
afterEach(() => caixa.close());

const BENEFICIARIO = '1100000';
const registrar = (t = tituloCaixa()) => caixa.call('POST', caixaPaths.registrar(BENEFICIARIO), { body: buildCaixaRegistroBody(t) });
const consultar = (nn: string) => caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn));
const pagar = (nn: string, body: unknown = {}) =>
  fetch(`${caixa.base}/sandbox/boletos/${nn}/pagar`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Caixa sandbox — Inclui_Boleto', () => {
  it('registers our title and answers the barcode our own slip computes', async () => {
    const answer = await registrar();
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/"nosso_numero":14000000000000042\b/);
    const registro = parseCaixaRegistroResposta(answer.text);
    const slip = buildBoleto({ bank: '104', beneficiaryCode: BENEFICIARIO, wallet: 'RG', ourNumber: 42, amountCents: 15_000, dueDate: '2026-12-27' });
    expect(registro).toMatchObject({ nossoNumero: caixaNossoNumero(42), codigoBarras: slip.barcode, pix: null });
    expect(registro.linhaDigitavel).toBe(slip.digitableLine.replace(/\D/g, ''));
  });

  it('refuses the same nosso número again with "nosso número já cadastrado", never a second title', async () => {
    expect((await registrar()).status).toBe(200);
    const again = await registrar(tituloCaixa({ valorCents: 99 }));
    expect(again.status).toBe(400);
    const erros = parseCaixaErros(again.status, again.text);
    expect(erros).toEqual([{ codigo: '0038', mensagem: '(38) NOSSO NUMERO JA CADASTRADO PARA O BENEFICIARIO' }]);
    expect(isCaixaNossoNumeroJaIncluido(erros)).toBe(true);
    expect(caixa.state.boletos.size).toBe(1);
    expect(parseCaixaConsulta((await consultar(caixaNossoNumero(42))).text).valorCents).toBe(15_000);
  });

  it('answers the documented codes for invalid fields, and BK076 for a body that is not JSON', async () => {
    const body = buildCaixaRegistroBody(tituloCaixa());
    const bad = { dados_cadastrais: { ...body.dados_cadastrais, valor: 0, numero_documento: '123456789012' } };
    const refused = await caixa.call('POST', caixaPaths.registrar(BENEFICIARIO), { body: bad });
    expect(refused.status).toBe(400);
    expect(parseCaixaErros(400, refused.text).map((e) => e.codigo).sort()).toEqual(['0003', '0005']);

    const broken = await caixa.call('POST', caixaPaths.registrar(BENEFICIARIO), { raw: '{"dados_cadastrais": {' });
    expect(broken.status).toBe(400);
    expect(parseCaixaErros(400, broken.text)).toEqual([{ codigo: 'BK076', mensagem: '(BK76) ERRO NA FORMATACAO DA MENSAGEM.' }]);

    const badPath = await caixa.call('POST', '/v4/beneficiarios/12345678/boletos', { body });
    expect(parseCaixaErros(badPath.status, badPath.text)[0].codigo).toBe('0001');
    expect(caixa.state.boletos.size).toBe(0);
  });

  it('a boleto híbrido comes back with its Pix "copia e cola"; an overdue híbrido is refused', async () => {
    const registro = parseCaixaRegistroResposta((await registrar(tituloCaixa({ pix: true }))).text);
    expect(registro.pix?.emv).toMatch(/^000201/);
    const emv = registro.pix!.emv;
    expect(crc16ccitt(emv.slice(0, -4))).toBe(emv.slice(-4));
    expect(emv).toContain('5406150.00');

    const overdue = await registrar(tituloCaixa({ pix: true, nossoNumero: 43, dataEmissao: '2026-11-01', dataVencimento: '2026-11-20' }));
    expect(parseCaixaErros(overdue.status, overdue.text)[0].codigo).toBe('0004');
  });
});

describe('Caixa sandbox — Consulta, Altera, Baixa and the payment control', () => {
  const nn = caixaNossoNumero(42);

  it('consultar: EM ABERTO is REGISTRADO; paid by the sandbox it is LIQUIDADO with amount and time', async () => {
    await registrar();
    const aberto = parseCaixaConsulta((await consultar(nn)).text);
    expect(aberto).toMatchObject({ estado: 'REGISTRADO', situacao: 'EM ABERTO', valorCents: 15_000, valorPagoCents: null, seuNumero: '21-3/1' });

    const paid = await pagar(nn, { valorPagoCents: 15_123, data: '2026-12-20T10:15:30-03:00', canal: 'LOTERICA' });
    expect(paid.status).toBe(200);
    const liquidado = parseCaixaConsulta((await consultar(nn)).text);
    expect(liquidado).toMatchObject({
      estado: 'LIQUIDADO',
      valorPagoCents: 15_123,
      dataPagamento: '2026-12-20',
      dataHoraPagamento: '2026-12-20T10:15:30',
    });
    expect((await pagar(nn)).status).toBe(409);
  });

  it('alterar moves the due date (new barcode); a paid title can no longer change', async () => {
    await registrar();
    const before = parseCaixaConsulta((await consultar(nn)).text);
    const changed = await caixa.call('PUT', caixaPaths.alterar(BENEFICIARIO, nn), {
      body: buildCaixaAlteracaoBody(tituloCaixa(), { dataVencimento: '2027-01-15', valorCents: 16_000 }),
    });
    expect(changed.status).toBe(200);
    const after = parseCaixaConsulta((await consultar(nn)).text);
    expect(after).toMatchObject({ dataVencimento: '2027-01-15', valorCents: 16_000, estado: 'REGISTRADO' });
    expect(after.codigoBarras).not.toBe(before.codigoBarras);
    expect(parseCaixaRegistroResposta(changed.text).codigoBarras).toBe(after.codigoBarras);

    await pagar(nn);
    const refused = await caixa.call('PUT', caixaPaths.alterar(BENEFICIARIO, nn), {
      body: buildCaixaAlteracaoBody(tituloCaixa(), { dataVencimento: '2027-02-15' }),
    });
    expect(parseCaixaErros(refused.status, refused.text)[0].codigo).toBe('0048');
  });

  it('baixar writes the title off once', async () => {
    await registrar();
    const baixa = await caixa.call('POST', caixaPaths.baixar(BENEFICIARIO, nn), { body: {} });
    expect(baixa.status).toBe(200);
    expect(parseCaixaConsulta((await consultar(nn)).text)).toMatchObject({ estado: 'BAIXADO', situacao: 'BAIXA POR DEVOLUCAO' });
    const again = await caixa.call('POST', caixaPaths.baixar(BENEFICIARIO, nn));
    expect(again.status).toBe(400);
    expect((await pagar(nn)).status).toBe(409);
  });

  it('an unknown title is 404 "título não encontrado" on every operation', async () => {
    for (const answer of [
      await consultar(nn),
      await caixa.call('PUT', caixaPaths.alterar(BENEFICIARIO, nn), { body: buildCaixaAlteracaoBody(tituloCaixa(), { valorCents: 1 }) }),
      await caixa.call('POST', caixaPaths.baixar(BENEFICIARIO, nn), { body: {} }),
    ]) {
      expect(answer.status).toBe(404);
      expect(isCaixaTituloNaoEncontrado(parseCaixaErros(404, answer.text))).toBe(true);
    }
  });

  it('the state and reset controls', async () => {
    await registrar();
    const listed = (await (await fetch(`${caixa.base}/sandbox/boletos`)).json()) as { boletos: { nosso_numero: string; situacao: string }[] };
    expect(listed.boletos).toEqual([expect.objectContaining({ nosso_numero: nn, situacao: 'EM ABERTO' })]);
    expect((await fetch(`${caixa.base}/sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(caixa.state.boletos.size).toBe(0);
    // the reset forgot the tokens too: a new one is needed (and the minute rule starts over)
    const stale = await consultar(nn);
    expect(stale.status).toBe(401);
    expect((await caixa.call('GET', caixaPaths.consultar(BENEFICIARIO, nn), { token: await caixa.token({ ...CLIENT }) })).status).toBe(404);
  });
});
