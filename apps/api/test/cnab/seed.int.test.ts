import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { tempStorage } from '../temp-storage.js';

/** The demo seed's CNAB data: one remessa and one retorno processed, boletos avulsos, files stored. */
describe('demo seed of CNAB', () => {
  it('has a remessa, its retorno applied (GARANTIDO and LIQUIDADO) and two boletos avulsos with their files', async () => {
    const database = await openPglite(null);
    const files = tempStorage('bg-seed-cnab-');
    const storageDir = files.dir;
    try {
      await migrate(database);
      await seedIfEmpty(database.db, 'demo', null, files.storage);
      const rows = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as { rows: Record<string, unknown>[] }).rows;
      const [rem] = await rows(sql`select quantidade_entrada, arquivo from remessa`);
      expect(rem).toMatchObject({ quantidade_entrada: 4 });
      expect(fs.existsSync(path.join(storageDir, 'nova_garantia/remessas', String(rem.arquivo)))).toBe(true);
      const [ret] = await rows(sql`select status, quantidade_entrada, quantidade_liquidado, total_valor_liquidado from retorno`);
      expect(ret).toMatchObject({ status: 'PROCESSADO', quantidade_entrada: 4, quantidade_liquidado: 1, total_valor_liquidado: '215.00' });
      const situacoes = await rows(sql`select b.situacao, count(*)::int as n from retorno_item i join boleto b on b.id = i.boleto_id group by b.situacao order by 1`);
      expect(situacoes).toEqual([{ situacao: 'GARANTIDO', n: 3 }, { situacao: 'LIQUIDADO', n: 2 }]);
      const avulsos = await rows(sql`select remessa_arquivo from boleto_avulso`);
      expect(avulsos).toHaveLength(2);
      for (const a of avulsos) expect(fs.existsSync(path.join(storageDir, 'nova_garantia/remessas_avulsas', String(a.remessa_arquivo)))).toBe(true);
      // the other features' showcase keeps a boleto in every situação
      const [disp] = await rows(sql`select count(*)::int as n from boleto where situacao = 'DISPONÍVEL PARA PAGAMENTO'`);
      expect(Number(disp.n)).toBeGreaterThan(0);
    } finally {
      await database.close();
      files.remove();
    }
  }, 60_000);
});
