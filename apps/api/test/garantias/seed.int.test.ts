import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { seedIfEmpty } from '../../src/seed/index.js';
import { tempStorage } from '../temp-storage.js';

describe('demo seed of guarantees', () => {
  it('gives the Loja Demo guarantees in every status, released ones through the release path', async () => {
    const database = await openPglite(null);
    const files = tempStorage();
    try {
      await migrate(database);
      await seedIfEmpty(database.db, 'demo', null, files.storage);
      const res = await database.db.execute(sql`
        select g.status, g.libera_boleto, g.motivo is not null as com_motivo,
               array_agg(distinct coalesce(b.situacao, '-')) as situacoes
          from garantia g join empresa e on e.id = g.empresa_id join boleto b on b.garantia_id = g.id
         where e.fantasia = 'Loja Demo' and g.id in (select id from garantia)
         group by g.id, g.status, g.libera_boleto, g.motivo order by g.id`);
      const rows = (res as { rows: { status: string; libera_boleto: string; com_motivo: boolean; situacoes: string[] }[] }).rows;
      const kinds = rows.map((r) => `${r.status}/${r.libera_boleto}`);
      for (const k of ['PENDENTE/N', 'APROVADO/N', 'APROVADO/S', 'NÃO AUTORIZADO/N', 'CANCELADO/N']) expect(kinds).toContain(k);
      expect(rows.find((r) => r.status === 'NÃO AUTORIZADO')).toMatchObject({ com_motivo: true, situacoes: ['CANCELADO'] });
      expect(rows.find((r) => r.status === 'CANCELADO')!.situacoes).toEqual(['CANCELADO']);
      expect(rows.filter((r) => r.status === 'PENDENTE').every((r) => r.situacoes.join() === '-')).toBe(true);
      const released = rows.filter((r) => r.libera_boleto === 'S').flatMap((r) => r.situacoes);
      expect(released).toContain('DISPONÍVEL PARA PAGAMENTO');
    } finally {
      await database.close();
      files.remove();
    }
  });
});
