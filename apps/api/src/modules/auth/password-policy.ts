import { MSG, PASSWORD_MIN_LENGTH, passwordEqualsLogin } from '@bg/domain';
import { AppError } from '../../errors/app-error.js';

/**
 * The password policy (docs/decisions/106; ASVS 5.0 6.2.1, 6.2.4, 6.2.5, 6.2.11): at least 8
 * characters, not the login, not one of the common passwords of @zxcvbn-ts/language-common's
 * `passwords-common` list (MIT; 49 233 entries, 17 950 of them 8 characters or longer), and no
 * composition rules. Checked wherever a password is chosen: Usuários (create), Alterar Senha and
 * SEED=none's ADMIN_PASSWORD. The demo seed writes its published passwords directly.
 */

let common: Promise<Set<string>> | null = null;

/**
 * The list's passwords of at least 8 characters, lower-cased (the list is lower case). Loaded on
 * first use (about 0.1 s) and kept for the process: nothing else needs it.
 */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase())),
  );
  return common;
}

/** The policy's message for a new password, or null when it is acceptable. */
export async function passwordPolicyError(password: string, login: string): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordMin;
  if (passwordEqualsLogin(password, login)) return MSG.passwordIsLogin;
  if ((await commonPasswords()).has(password.trim().toLowerCase())) return MSG.passwordCommon;
  return null;
}

/** 422 with the message on the field (`password` unless told) when the policy refuses it. */
export async function assertPasswordPolicy(password: string, login: string, field = 'password'): Promise<void> {
  const error = await passwordPolicyError(password, login);
  if (error) throw new AppError('VALIDATION', error, { errors: { [field]: error } });
}
