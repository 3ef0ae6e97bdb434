/** Marks the static copy of the login form in login.html (written at build time, decision 096). */
export const LOGIN_SHELL_ATTRIBUTE = 'data-login-shell';

/** What was typed into the static login form before the app took over, and where the cursor was. */
export type LoginShellValues = { username: string; password: string; focus: 'username' | 'password' | null };

/** The static form's values when first read, and `current()`: the same fields read again. */
export type LoginShell = LoginShellValues & {
  /**
   * The fields as they are now. The app's first render runs as a transition (main.tsx), in slices
   * between which the browser handles input, so a key may land in the static form after the
   * first read; LoginPage reads again when it commits. The inputs stay readable once React has
   * removed them, and the focus is followed from the first read on.
   */
  current(): LoginShellValues;
};

/**
 * Reads the static login form that login.html paints before the scripts run. Called by the app's
 * first render of LoginPage, before React replaces that markup. Null when there is none (any later
 * visit to /login, or index.html).
 */
export function readLoginShell(doc: Document | undefined = globalThis.document): LoginShell | null {
  // undefined while login.html itself is rendered at build time, in Node
  if (!doc) return null;
  const shell = doc.querySelector(`[${LOGIN_SHELL_ATTRIBUTE}]`);
  if (!shell) return null;
  const field = (autocomplete: string) => shell.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
  const username = field('username');
  const password = field('current-password');
  const fieldOf = (el: EventTarget | Element | null): LoginShellValues['focus'] =>
    el && el === password ? 'password' : el && el === username ? 'username' : null;
  let focus = fieldOf(doc.activeElement);
  shell.addEventListener('focusin', (e) => (focus = fieldOf(e.target) ?? focus));
  const read = (): LoginShellValues => ({ username: username?.value ?? '', password: password?.value ?? '', focus });
  return { ...read(), current: read };
}
