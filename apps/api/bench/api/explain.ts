import type { Scenario } from './scenarios.js';
import type { SqlSession } from './sql-session.js';

/** `bench:api -- --explain`: EXPLAIN (ANALYZE, BUFFERS) of every statement each call sends. */
export async function explainAll(session: SqlSession, list: Scenario[]): Promise<string> {
  const out: string[] = [];
  for (const s of list) {
    if (!s.run) continue;
    const statements = await session.capture(s.run);
    // once to warm the cache, as a user paging through would find it
    await session.replay(statements);
    out.push(`## ${s.name}`, '');
    for (const st of statements) {
      if (/^explain /i.test(st.text)) {
        out.push('(estimativa do planejador: `explain (format json)` da lista, sem executá-la)', '');
        continue;
      }
      // begin, set local, commit: run as they are, so the query below sees the same settings
      if (!/^\s*(select|with|insert|update|delete)\b/i.test(st.text)) {
        await session.replay([st]);
        out.push(`\`${st.text}\``, '');
        continue;
      }
      const plan = await session.explain(st);
      out.push('```sql', inline(st.text, st.params), '```', '```', plan, '```', '');
    }
  }
  return out.join('\n');
}

/** The statement with its parameters written in (for reading only). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
