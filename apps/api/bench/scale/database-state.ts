import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import type { Loader } from './loader.js';

/** What the scale seed reads before planning: ids in use, documents taken, the demo shop, the account. */
export const ID_TABLES = [
  'empresa', 'usuario', 'pessoa', 'pessoa_telefone', 'pessoa_visao', 'cpf_suspeito', 'garantia', 'boleto', 'boleto_historico', 'consulta_documento',
  'audit_log', 'acordo', 'acordo_parcela', 'agendamento', 'spc_inclusao', 'mensagem_outbox', 'antecipacao', 'remessa', 'remessa_item',
  'retorno', 'retorno_item', 'boleto_avulso', 'assinatura_solicitacao',
] as const;

export type DatabaseState = {
  tables: Set<string>;
  lastIds: Record<string, number>;
  counts: { pessoas: number; garantias: number; boletos: number };
  pessoaDocs: Set<string>;
  empresaDocs: Set<string>;
  suspeitos: Set<string>;
  demoLoja: { id: number; usuarios: number[] } | null;
  conta: ContaCobrancaRow;
  nextNossoNumero: number;
  lastNumeroArquivo: number;
  lastRetornoNumero: number;
};

export async function readState(loader: Loader): Promise<DatabaseState> {
  const tables = new Set((await loader.rows<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public'`)).map((r) => r.name));
  const lastIds: Record<string, number> = {};
  for (const t of ID_TABLES) if (tables.has(t)) lastIds[t] = Number((await loader.rows<{ m: number }>(`select coalesce(max(id), 0)::bigint as m from ${t}`))[0].m);
  const [counts] = await loader.rows<{ pessoas: number; garantias: number; boletos: number }>(
    'select (select count(*) from pessoa)::int as pessoas, (select count(*) from garantia)::int as garantias, (select count(*) from boleto)::int as boletos',
  );
  const docs = async (sql: string) => new Set((await loader.rows<{ d: string }>(sql)).map((r) => r.d));
  const [loja] = await loader.rows<{ id: number }>(`select id from empresa where fantasia = 'Loja Demo' order by id limit 1`);
  const demoLoja = loja ? { id: loja.id, usuarios: (await loader.rows<{ id: number }>('select id from usuario where empresa_id = $1 order by id', [loja.id])).map((r) => r.id) } : null;
  const [conta] = await loader.rows<ContaCobrancaRow>('select * from conta_cobranca where ativa');
  if (!conta?.sequencia) throw new Error('Nenhuma conta de cobrança ativa: o seed de demonstração cria uma num banco vazio.');
  const [seq] = await loader.rows<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${conta.sequencia}`);
  const numero = tables.has('cnab_sequencia_arquivo')
    ? await loader.rows<{ n: number }>('select coalesce(max(ultimo_numero), 0)::int as n from cnab_sequencia_arquivo where conta_cobranca_id = $1', [conta.id])
    : [{ n: 0 }];
  const retorno = tables.has('retorno') ? await loader.rows<{ n: number }>('select coalesce(max(numero_arquivo), 0)::int as n from retorno') : [{ n: 0 }];
  return {
    tables,
    lastIds,
    counts,
    pessoaDocs: await docs('select cpf_cnpj as d from pessoa'),
    empresaDocs: await docs('select cnpj as d from empresa'),
    suspeitos: await docs('select cpf_cnpj as d from cpf_suspeito'),
    demoLoja: demoLoja && demoLoja.usuarios.length ? demoLoja : null,
    conta,
    nextNossoNumero: Number(seq.last_value) + (seq.is_called ? 1 : 0),
    lastNumeroArquivo: numero[0].n,
    lastRetornoNumero: retorno[0].n,
  };
}

/**
 * The plain indexes (not those behind a primary key or unique constraint) of the tables being
 * loaded: dropped before the COPYs and built again after, inside the same transaction — building
 * an index once is much faster than keeping it up to date row by row.
 */
export async function dropIndexes(loader: Loader, tables: string[]): Promise<{ table: string; name: string; def: string }[]> {
  const rows = await loader.rows<{ table: string; name: string; def: string }>(
    `select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by t.relname, i.relname`,
    [tables],
  );
  for (const r of rows) await loader.exec(`DROP INDEX ${r.name}`);
  return rows;
}

/** Points every identity sequence past the ids now in use. */
export async function resetSequences(loader: Loader, tables: string[]): Promise<void> {
  for (const t of tables) {
    const [seq] = await loader.rows<{ s: string | null }>(`select pg_get_serial_sequence($1, 'id') as s`, [t]);
    if (seq?.s) await loader.exec(`select setval('${seq.s}', greatest((select max(id) from ${t}), 1))`);
  }
}
