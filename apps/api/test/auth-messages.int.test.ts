import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { MSG } from '@bg/domain';
import { createTestApp, type TestApp } from './harness.js';

// The two 401s of a protected route: nobody logged in vs a session that ended. The web client
// refreshes (and logs out) on any 401 while it holds a token, so both end the same way there.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/usuario/getUserCurrent';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 token signed with a secret this app does not know. */
function foreignToken(claims: object): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', 'another-secret').update(unsigned).digest('base64url')}`;
}

describe('401 messages', () => {
  it('no Authorization header: "Faça login para continuar."', async () => {
    const res = await t.call({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, msg: MSG.loginRequired });
    expect(MSG.loginRequired).toBe('Faça login para continuar.');
  });

  it('a malformed token, a foreign signature or an expired token: "Sessão expirada. Entre novamente."', async () => {
    const { user } = await t.userWithToken({ nivel: '2', empresa_id: null });
    const foreign = foreignToken({ sub: String(user.id), tv: 0 });
    const expired = t.app.jwt.sign({ sub: String(user.id), tv: 0, exp: Math.floor(Date.now() / 1000) - 60 });
    for (const token of ['abc.def.ghi', foreign, expired]) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: MSG.sessionExpired });
    }
    // an empty Bearer is a header sent with a lost token, not a visitor who never logged in
    const empty = await t.call({ method: 'GET', url, headers: { authorization: 'Bearer ' } });
    expect(empty.json()).toEqual({ status: 401, msg: MSG.sessionExpired });
  });

  it('a valid token still passes', async () => {
    const { token } = await t.userWithToken({ nivel: '2', empresa_id: null });
    expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(200);
  });
});
