/**
 * Text the database cannot store (decision 107): NUL (U+0000, which a PostgreSQL text value cannot
 * hold) and lone UTF-16 surrogates (U+D800–U+DFFF without their pair, which are not Unicode: a
 * JSON body may still carry one as "\ud800", and the jsonb of the audit record refuses it). The API
 * checks every string of every request with `unstorableTextPaths` once, before the contract's own
 * schema (apps/api/src/http/contract-route.ts), so no string schema has to remember it.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// eslint-disable-next-line no-control-regex -- the same characters, every one
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu;

/** True when the text holds no NUL and no lone surrogate (a well-formed pair, e.g. an emoji, is fine). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The paths (`['parcelas', '0', 'vencimento']`) of every string in a parsed JSON value (a body, the
 * query, the path params) that cannot be stored, object keys included (a bad key's own path). Walks
 * without recursion, so a body nested thousands deep costs no stack; stops after `limit` findings.
 */
export function unstorableTextPaths(value: unknown, limit = 20): string[][] {
  const found: string[][] = [];
  // each entry points to its parent, so a path is built only for a finding (deep bodies stay linear)
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length && found.length < limit) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.push(pathOf(step));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: step });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (isStorableText(key)) stack.push({ value: (v as Record<string, unknown>)[key], key, parent: step });
        else found.push(pathOf({ value: null, key: printableKey(key), parent: step }));
      }
    }
  }
  return found;
}

type Step = { value: unknown; key: string | null; parent: Step | null };

function pathOf(step: Step): string[] {
  const path: string[] = [];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) path.push(s.key);
  return path.reverse();
}

/** A key that is itself unstorable, as it can be named in an answer (the bad characters as U+FFFD). */
function printableKey(key: string): string {
  return key.replace(UNSTORABLE_ALL, '\uFFFD');
}
