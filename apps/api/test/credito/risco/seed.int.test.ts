import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../../src/db/client.js';
import { migrate } from '../../../src/db/migrate.js';
import { seedIfEmpty } from '../../../src/seed/index.js';
import { tempStorage } from '../../temp-storage.js';

describe('demo seed of the portfolio risk', () => {
  it('computes the position once, so /financeiro/risco shows the demo portfolio at once (on PGlite too)', async () => {
    const database = await openPglite(null);
    const files = tempStorage();
    try {
      await migrate(database);
      await seedIfEmpty(database.db, 'demo', null, files.storage);
      const one = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as { rows: T[] }).rows[0]!;
      expect(await one<{ n: number }>(sql`select count(*)::int as n from risco_atualizacao where completa_em is not null`)).toEqual({ n: 1 });
      // the seeded open boletos are the exposure: the same total read from the boletos themselves
      const exp = await one<{ t: string }>(sql`select coalesce(sum(valor_garantido), 0)::text as t from risco_exposicao`);
      const live = await one<{ t: string }>(sql`select coalesce(sum(valor), 0)::text as t from boleto where situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO')`);
      expect(Number(exp.t)).toBeGreaterThan(0);
      expect(exp.t).toBe(live.t);
      // the sums the exposure screen reads (migration 0182) are the same figure
      expect(await one<{ t: string }>(sql`select valor_garantido::text as t from risco_exposicao_total`)).toEqual({ t: live.t });
      expect(await one<{ t: string }>(sql`select sum(valor_garantido)::text as t from risco_exposicao_loja`)).toEqual({ t: live.t });
      const aging = await one<{ t: string }>(sql`select coalesce(sum(valor), 0)::text as t from risco_aging_atual`);
      const book = await one<{ t: string }>(sql`select coalesce(sum(valor), 0)::text as t from boleto where situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO')`);
      expect(aging.t).toBe(book.t);
    } finally {
      await database.close();
      files.remove();
    }
    // every migration and the whole demo seed on PGlite: CPU-bound, it took 31 s at a load of 15
  }, 120_000);
});
