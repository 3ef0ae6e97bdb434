import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, caixaNossoNumero, parseCaixaJson, type IsoDate } from '@bg/domain';
import { bancoComunicacao, bancoRegistro, boleto } from '../../src/db/schema/index.js';
import { syncConta } from '../../src/modules/banco/sync-conta.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { releasedBoletos, type CnabTestApp } from '../cnab/support.js';
import { apiConta, caixaConta, createBankTestApp, startSandbox } from './support.js';

/**
 * A conta that works by Caixa's API, through the job's sync (sync-conta.ts) and the registry's
 * Caixa adapter, against the local Caixa sandbox over HTTP: a released boleto is registered with
 * its 17-digit nosso número and the conta's CNPJ as beneficiário; a later change of value and due
 * date goes as Caixa's PUT of the whole title (changeOne hands the adapter the boleto as it now is).
 */
const CLIENT = { clientId: 'cli-ext-bg', clientSecret: 'segredo-caixa-456', appKey: 'apikey-caixa-sync' };

let t: CnabTestApp;
let sandbox: FastifyInstance;
let sandboxUrl: string;
let conta: ContaCobrancaRow;

const registro = async (boletoId: number) => (await t.db.select().from(bancoRegistro).where(eq(bancoRegistro.boleto_id, boletoId)))[0];
const held = async (nn: string) => (await (await fetch(`${sandboxUrl}/caixa/sandbox/boletos/${nn}`)).json()) as Record<string, unknown>;

beforeAll(async () => {
  t = await createBankTestApp(2000);
  const started = await startSandbox({ credentials: [CLIENT] });
  sandbox = started.app;
  sandboxUrl = started.url;
  ({ conta } = await apiConta(t, caixaConta(), sandboxUrl, CLIENT));
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

describe('a conta by Caixa API, through sync-conta', () => {
  it('registers a released boleto, then sends a change of value and due date as the whole title', async () => {
    const [b] = await releasedBoletos(t, [31000]);
    expect((await syncConta(t.db, t.app.services.bank, conta.id)).registrados).toBe(1);
    const r = await registro(b.id);
    const nn = caixaNossoNumero(String(b.nosso_numero));
    expect(r).toMatchObject({ estado: 'REGISTRADO', numero_banco: nn });
    expect(r.linha_digitavel).toMatch(/^104\d{44}$/);
    const [sent] = await t.db.select().from(bancoComunicacao).where(sql`${bancoComunicacao.boleto_id} = ${b.id} and ${bancoComunicacao.operacao} = 'registrar'`);
    const dados = (parseCaixaJson(sent.requisicao!) as { dados_cadastrais: Record<string, unknown> }).dados_cadastrais;
    expect(dados).toMatchObject({ cnpj: 11222333000181, nosso_numero: BigInt(nn), valor: 310, tipo_boleto: 'HIBRIDO' });

    // the operator changes the value and the due date; the conta's wait (30 min) is over
    const novoVencimento = addDays(b.vencimento as IsoDate, 5);
    await t.db.update(boleto).set({ valor: '320.00', vencimento: novoVencimento }).where(eq(boleto.id, b.id));
    await t.db.update(bancoRegistro).set({ registrado_em: sql`now() - interval '31 minutes'` }).where(eq(bancoRegistro.boleto_id, b.id));
    expect((await syncConta(t.db, t.app.services.bank, conta.id)).alterados).toBe(1);

    expect(await registro(b.id)).toMatchObject({ valor_enviado: '320.00', vencimento_enviado: novoVencimento, ultimo_erro: null });
    expect(await held(nn)).toMatchObject({ situacao: 'EM ABERTO', valor_cents: 32_000, data_vencimento: novoVencimento });
    const [put] = await t.db.select().from(bancoComunicacao).where(sql`${bancoComunicacao.boleto_id} = ${b.id} and ${bancoComunicacao.operacao} = 'alterar'`);
    expect(put).toMatchObject({ metodo: 'PUT', status: 200 });
    const alterado = (parseCaixaJson(put.requisicao!) as { dados_cadastrais: Record<string, unknown> }).dados_cadastrais;
    // the whole title again: the same payer, seu número and emission day, the new value and due date
    expect(alterado).toMatchObject({
      valor: 320,
      data_vencimento: novoVencimento,
      data_emissao: dados.data_emissao,
      numero_documento: dados.numero_documento,
      pagador: dados.pagador,
      cnpj: 11222333000181,
    });
    expect(alterado.nosso_numero).toBeUndefined();
  }, 60_000);
});
