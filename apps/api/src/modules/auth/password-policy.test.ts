import { describe, expect, it } from 'vitest';
import { MSG } from '@bg/domain';
import { commonPasswords, passwordPolicyError } from './password-policy.js';

describe('password policy (decision 106)', () => {
  it('ships a common-password list of more than 10 000 entries that apply (8 characters or more)', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThan(10_000);
    for (const p of ['password', '12345678', 'senha123', 'iloveyou', 'qwertyuiop']) expect(list.has(p)).toBe(true);
  });

  it('refuses short passwords, the login and common passwords; no composition rules', async () => {
    expect(await passwordPolicyError('curta12', 'maria')).toBe(MSG.passwordMin);
    expect(await passwordPolicyError('maria.souza', 'Maria.Souza')).toBe(MSG.passwordIsLogin);
    expect(await passwordPolicyError('12345678', 'maria')).toBe(MSG.passwordCommon);
    expect(await passwordPolicyError('Password1', 'maria')).toBe(MSG.passwordCommon);
    expect(await passwordPolicyError('senha123', 'maria')).toBe(MSG.passwordCommon);
    // no uppercase, digit or symbol needed; long passphrases and spaces are fine
    expect(await passwordPolicyError('cavalo bateria grampo', 'maria')).toBeNull();
    expect(await passwordPolicyError('minhasenhadolongo', 'maria')).toBeNull();
  });

  it('accepts the demo passwords of loja and franqueado; admin123 is on the common list', async () => {
    expect(await passwordPolicyError('loja1234', 'loja')).toBeNull();
    expect(await passwordPolicyError('franq123', 'franqueado')).toBeNull();
    // the README's admin password is a known common password: the demo seed writes it directly
    // (published, localhost-only demo), and the policy would refuse it anywhere a user chooses it
    expect(await passwordPolicyError('admin123', 'admin')).toBe(MSG.passwordCommon);
  });
});
