/**
 * The demo's published logins (README, start-up log, e2e): one source for the seed and for what
 * is printed. The seed writes them directly; they are for a demo that listens on 127.0.0.1 only.
 * `admin123` is on the common-password list, so the password policy would refuse it anywhere a
 * user chooses a password (decision 106); loja1234 and franq123 pass it.
 */
export const DEMO_PASSWORDS = { admin: 'admin123', loja: 'loja1234', franqueado: 'franq123' } as const;

export const DEMO_LOGINS = [
  { login: 'admin', password: DEMO_PASSWORDS.admin, papel: 'administrador' },
  { login: 'loja', password: DEMO_PASSWORDS.loja, papel: 'usuario da Loja Demo' },
  { login: 'franqueado', password: DEMO_PASSWORDS.franqueado, papel: 'franqueado (nivel 3)' },
] as const;
