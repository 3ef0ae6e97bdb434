import { Readable } from 'node:stream';
import { FINANCEIRO_MSG, formatDateTimeBR, toCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';
import { CSV_BOM, csvDate, csvLine, csvMoney } from './csv.js';
import { todosOsRepasses, type RepassesFiltro } from './list-repasses.js';

const HEADER = ['Nº', 'Data', 'Loja', 'Valor', 'Compensado', 'Referência bancária', 'Observação', 'Registrado por', 'Registrado em'];

/** GET /api/financeiro/getRepassesCsv (administrador): the repasses of the list's filter, streamed. */
export function repassesCsv(db: DbOrTx, actor: Actor, f: RepassesFiltro) {
  assertAdmin(actor, FINANCEIRO_MSG.somenteAdministrador);
  async function* lines() {
    yield CSV_BOM + csvLine(HEADER);
    for await (const batch of todosOsRepasses(db, f)) {
      yield batch
        .map((r) =>
          csvLine([
            String(r.id),
            csvDate(r.data),
            r.fantasia,
            csvMoney(toCents(r.valor)),
            csvMoney(toCents(r.compensado)),
            r.referencia ?? '',
            r.observacao ?? '',
            r.usuario,
            formatDateTimeBR(r.created_at),
          ]),
        )
        .join('');
    }
  }
  const sufixo = [f.empresa_id ? `loja-${f.empresa_id}` : '', f.de ?? '', f.ate ?? ''].filter(Boolean).join('-');
  return { filename: `repasses${sufixo ? `-${sufixo}` : ''}.csv`, stream: Readable.from(lines(), { objectMode: false }) };
}
