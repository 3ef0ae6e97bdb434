/** Marks the static copy of the login form in login.html (written at build time, decision 096). */
export const LOGIN_SHELL_ATTRIBUTE = 'data-login-shell';

/** What was typed into the static login form before the app took over, and where the cursor was. */
export type LoginShellValues = { username: string; password: string; focus: 'username' | 'password' | null };

/**
 * Reads the static login form that login.html paints before the scripts run. Called while the
 * app's first render of LoginPage runs, just before React replaces that markup, so nothing typed
 * meanwhile is lost. Null when there is none (any later visit to /login, or index.html).
 */
export function readLoginShell(doc: Document | undefined = globalThis.document): LoginShellValues | null {
  // undefined while login.html itself is rendered at build time, in Node
  if (!doc) return null;
  const shell = doc.querySelector(`[${LOGIN_SHELL_ATTRIBUTE}]`);
  if (!shell) return null;
  const field = (autocomplete: string) => shell.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
  const username = field('username');
  const password = field('current-password');
  const active = doc.activeElement;
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    focus: active && active === password ? 'password' : active && active === username ? 'username' : null,
  };
}
