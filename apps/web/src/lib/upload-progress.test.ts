import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retornoContracts } from '@bg/domain';
import { setAccessToken, setSessionExpiredHandler } from './api-client';
import { uploadWithProgress } from './upload-progress';

/** A scripted XMLHttpRequest: each send answers the next status, after reporting upload progress. */
class FakeXhr {
  static answers: { status: number; body: object }[] = [];
  static sent: { method: string; url: string; authorization: string | null }[] = [];
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    FakeXhr.sent.push({ method: this.method, url: this.url, authorization: this.headers.authorization ?? null });
    const answer = FakeXhr.answers.shift()!;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  FakeXhr.answers = [];
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
  setSessionExpiredHandler(null);
});

const form = () => {
  const f = new FormData();
  f.append('arquivo', new Blob(['x']), 'r.ret');
  return f;
};

describe('uploadWithProgress', () => {
  it('sends with the session token and reports the upload progress', async () => {
    setAccessToken('tok-1', 900);
    FakeXhr.answers.push({ status: 200, body: { status: 200, msg: 'Arquivo recebido.', data: { id: 5, status: 'ANALISANDO', job_id: 9, duplicado: false } } });
    const progress: number[] = [];
    const res = await uploadWithProgress(retornoContracts.create, form(), { onProgress: (p) => progress.push(p.loaded) });
    expect(res.data).toMatchObject({ id: 5, job_id: 9 });
    expect(progress).toEqual([50, 100]);
    expect(FakeXhr.sent).toEqual([{ method: 'POST', url: '/api/retorno/create', authorization: 'Bearer tok-1' }]);
  });

  it('on a 401 refreshes the token once and sends again', async () => {
    setAccessToken('old', 900);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ access_token: 'new', expires_in: 900 }), { status: 200, headers: { 'content-type': 'application/json' } })));
    FakeXhr.answers.push({ status: 401, body: { status: 401, msg: 'Sessão expirada.' } }, { status: 200, body: { status: 200, msg: 'ok', data: { id: 1 } } });
    await uploadWithProgress(retornoContracts.create, form());
    expect(FakeXhr.sent.map((s) => s.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it("throws the server's message on a refusal", async () => {
    setAccessToken('tok', 900);
    FakeXhr.answers.push({ status: 415, body: { status: 415, msg: 'Este arquivo é uma remessa, não um retorno do banco.' } });
    await expect(uploadWithProgress(retornoContracts.create, form())).rejects.toMatchObject({ status: 415, message: 'Este arquivo é uma remessa, não um retorno do banco.' });
  });
});
