import { afterEach, describe, expect, it, vi } from 'vitest';
import { garantiasApi } from './garantias-api';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function installFetch() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body });
    return json({ status: 200, msg: 'ok', data: [] });
  }));
  return calls;
}

describe('garantias api (calls from the contracts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the spec paths and methods, with path parameters encoded as one segment each', async () => {
    const calls = installFetch();
    await garantiasApi.negar(7, 'Telefone não localizado ou sem contato', 'sem retorno / 2 tentativas');
    await garantiasApi.aprovar(7);
    await garantiasApi.consulta(7, 'consultaAnalitica');
    await garantiasApi.acerto(31, { vencimento: '2030-01-10', valor: 312.4 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST /api/garantia/negar/7/${encodeURIComponent('Telefone não localizado ou sem contato')}/${encodeURIComponent('sem retorno / 2 tentativas')}`,
      'POST /api/garantia/aprovar/7',
      'GET /api/garantia/consultaAnalitica/7',
      'POST /api/boleto/update/31',
    ]);
    expect(JSON.parse(String(calls[3].body))).toEqual({ vencimento: '2030-01-10', valor: 312.4 });
  });

  it('leaves out an empty Loja in the lookup and the list filters', async () => {
    const calls = installFetch();
    await garantiasApi.consultaDocumento('529.982.247-25', null);
    await garantiasApi.list({ page: 2, pesquisa: '', situacao: 'NÃO AUTORIZADO', empresa_id: '', possui_duplicata: 'S' });
    // the document goes in the body, never in the URL (docs/security.md)
    expect(calls[0].url).toBe('/api/garantia/consultaDocumento');
    expect(JSON.parse(String(calls[0].body))).toEqual({ documento: '529.982.247-25' });
    const list = new URL(calls[1].url, 'http://x');
    expect(list.pathname).toBe('/api/garantia/getAllPaginate');
    expect(Object.fromEntries(list.searchParams)).toEqual({ page: '2', situacao: 'NÃO AUTORIZADO', possui_duplicata: 'S' });
  });

  it('uploads duplicatas as multipart with garantia_id before the files', async () => {
    const calls = installFetch();
    await garantiasApi.uploadDuplicata(9, [new File([new Uint8Array(4)], 'a.png', { type: 'image/png' })]);
    expect(calls[0].url).toBe('/api/garantia/uploadDuplicata');
    const form = calls[0].body as FormData;
    expect([...form.keys()]).toEqual(['garantia_id', 'arquivo']);
    expect(form.get('garantia_id')).toBe('9');
  });
});
