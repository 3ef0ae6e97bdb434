import { sql } from 'drizzle-orm';
import { proximoMomentoPermitido, todayInSaoPaulo } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { candidatos, rowsOf } from './regua-sql.js';

/**
 * Who gets what today (decision 115): one INSERT … SELECT of the day's candidates (regua-sql.ts)
 * into regua_envio, each to be sent at the next allowed moment (now, inside the window; else the
 * next window's opening). The unique key (boleto, day offset, channel, day planned) makes a second
 * run — the hourly cron, a click on "Executar agora", a second process — add nothing: ON CONFLICT
 * DO NOTHING. Answers how many were added.
 */
export async function planejarEnvios(db: DbOrTx, now: Date): Promise<number> {
  const dia = todayInSaoPaulo(now);
  const enviarEm = proximoMomentoPermitido(now);
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`with novos as (
          insert into regua_envio (boleto_id, pessoa_id, empresa_id, regua_id, dias, canal, template, data_prevista, enviar_em)
          select c.boleto_id, c.pessoa_id, c.empresa_id, c.regua_id, c.dias, c.canal, c.template, ${dia}::date, ${enviarEm.toISOString()}::timestamptz
          from (${candidatos(dia)}) c
          on conflict (boleto_id, dias, canal, data_prevista) do nothing
          returning 1)
        select count(*) as n from novos`,
  );
  return Number(row.n);
}
