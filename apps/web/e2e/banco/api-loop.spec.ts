import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, releasedGuarantee } from '../support/api';
import { failOnConsoleErrors, openAs } from '../support/session';
import { randomCpf } from '../support/test-data';

/**
 * Banks by API (issue 26), the operator's whole loop without a file: the administrador switches the
 * demo conta (Caixa 104, started in CNAB mode by scripts/e2e-server.mjs) to the in-process Caixa
 * sandbox's API in Conta de Cobrança; a released guarantee's instalment is registered at the bank
 * within seconds and shown so in its panel; its slip prints; the sandbox pays it; "Consultar no
 * banco" brings the payment and the instalment reads LIQUIDADO. The conta goes back to CNAB at the
 * end, whatever happened, so the remessa specs keep working.
 */

const admin = async (request: APIRequestContext) => ({ authorization: `Bearer ${await apiToken(request, 'admin')}` });

/** The active conta's id (the demo's Caixa conta), through the API. */
async function contaAtiva(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/contaCobranca/getAll', { headers: await admin(request) });
  expect(res.status(), await res.text()).toBe(200);
  const contas = (await res.json()).data as { id: number; ativa: boolean; banco: string }[];
  const conta = contas.find((c) => c.ativa);
  expect(conta?.banco).toBe('104');
  return conta!.id;
}

test('[BANCO]: the admin switches the conta to the bank\'s API; a boleto is registered, printed, paid at the bank and seen LIQUIDADO without any file', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const check = failOnConsoleErrors(page);
  const contaId = await contaAtiva(request);
  // the app calls its own in-process sandbox (docs/banks.md "Caixa — sandbox local")
  const sandbox = `http://127.0.0.1:${new URL(baseURL!).port}/sandbox-banco/caixa`;
  // The sandbox keeps its titles in a state file under the app's data folder, which outlives the
  // e2e server's fresh database: a new database numbers its first boleto as an earlier run did, and
  // the sandbox would answer with that run's (paid) title. Start the sandbox afresh too.
  const reset = await request.post(`${sandbox}/sandbox/reset`);
  expect(reset.status(), await reset.text()).toBe(200);
  try {
    await openAs(page, 'admin', '/administracao/conta-cobranca');
    const integracao = page.getByRole('region', { name: 'Integração com o banco' });
    await integracao.locator('label', { hasText: 'API do banco' }).click();
    await expect(integracao.getByText(/um boleto só pode ser impresso depois que o banco confirma o registro/)).toBeVisible();
    await integracao.getByLabel('Endereço da API').fill(`${sandbox}/cobranca-bancaria`);
    await integracao.getByLabel('Endereço do token (OAuth)').fill(`${sandbox}/auth/realms/internet/protocol/openid-connect/token`);
    await integracao.getByLabel('Client ID').fill('e2e-cliente');
    await integracao.getByLabel('Client secret').fill('e2e-segredo');
    await integracao.getByLabel('Chave da aplicação').fill('e2e-chave');
    await integracao.getByRole('button', { name: 'Salvar integração' }).click();
    await expect(page.getByText('Integração salva: os boletos desta conta vão ao banco por API.')).toBeVisible();
    // saved: the secrets are never shown again, only that they are kept
    await expect(integracao.getByText('guardado — deixe em branco para manter').first()).toBeVisible();
    await integracao.getByRole('button', { name: 'Testar conexão' }).click();
    await expect(integracao.getByTestId('teste-conexao')).toContainText('Conexão funcionando');
    await expect(integracao.getByRole('textbox', { name: 'URL do webhook' })).toHaveValue(new RegExp(`/api/banco/webhook/${contaId}\\?token=`));

    const nome = `Cliente API ${Date.now() % 1_000_000}`;
    const { garantiaId } = await releasedGuarantee(request, randomCpf(), nome);
    await page.goto(`/operacao/garantias/impressao/detalhe/${garantiaId}`);
    const parcela1 = page.getByRole('region', { name: 'No banco — Parcela 01' });
    // the sync job looks for work every second (BANK_SYNC_SECONDS=1); the panel asks every 3 s
    await expect(parcela1).toContainText('Registrado no banco', { timeout: 30_000 });
    await expect(parcela1).toHaveAttribute('data-estado', 'REGISTRADO');
    await expect(parcela1.getByRole('table', { name: 'O que o banco respondeu' })).toContainText('Registro');

    // printable now: the slip opens (a PDF), not the 409 "Aguardando registro no banco"
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Gerar Boleto da parcela 1' }).click()]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();
    await expect(page.getByText(/Aguardando registro no banco/)).toHaveCount(0);
    const detalhe = await request.get(`/api/boleto/getGarantiaImpressao/${garantiaId}`, { headers: await admin(request) });
    const boletoId = ((await detalhe.json()).data.boletos as { id: number; parcela: number }[]).find((b) => b.parcela === 1)!.id;
    const pdf = await request.get(`/api/boleto/getBoleto/${boletoId}`, { headers: await admin(request) });
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

    // the payer pays at the bank: the sandbox's control (Caixa sends no webhook; the nosso número is 17 digits)
    const noBanco = await request.get(`/api/banco/boleto/${boletoId}`, { headers: await admin(request) });
    const nossoNumero = (await noBanco.json()).data.numero_banco as string;
    expect(nossoNumero).toMatch(/^14\d{15}$/);
    const pago = await request.post(`${sandbox}/sandbox/boletos/${nossoNumero}/pagar`, { data: { canal: 'PIX' } });
    expect(pago.status(), await pago.text()).toBe(200);

    await parcela1.getByRole('button', { name: 'Consultar no banco' }).click();
    await expect(page.getByText('O banco confirmou o pagamento: boleto liquidado.')).toBeVisible();
    const linha = page.getByRole('table', { name: 'Parcelas' }).getByRole('row').nth(1);
    await expect(linha.locator('[data-status="LIQUIDADO"]')).toBeVisible();

    // the daily reconciliation on demand, followed until it ends; Início counts its open differences
    await page.goto('/operacao/conciliacao');
    await page.getByRole('button', { name: 'Conciliar agora' }).click();
    await expect(page.getByText(/^Conciliação concluída: \d+ conta\(s\) por API/)).toBeVisible({ timeout: 30_000 });
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: /Diferenças na conciliação/ })).toHaveAttribute('href', '/operacao/conciliacao');
    await expect(page.getByRole('link', { name: /Boletos aguardando o banco/ })).toBeVisible();
    check();
  } finally {
    const res = await request.post(`/api/contaCobranca/integracao/${contaId}`, { headers: await admin(request), data: { modo: 'CNAB' } });
    expect(res.status(), await res.text()).toBe(200);
  }
});
