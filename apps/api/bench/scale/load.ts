import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../../src/db/migrate.js';
import { hashPassword } from '../../src/modules/auth/password-hash.js';
import type { Loader } from './loader.js';
import { dropIndexes, ID_TABLES, resetSequences, type DatabaseState } from './database-state.js';
import { Ids, Phase, type TableTiming } from './phase.js';
import { planPeople } from './plan-people.js';
import { planBoletos } from './plan-boletos.js';
import { planAcordos } from './plan-acordos.js';
import { planHistory } from './plan-history.js';
import * as cad from './emit-cadastros.js';
import * as gar from './emit-garantias.js';
import * as cob from './emit-cobranca.js';
import * as fin from './emit-financeiro.js';
import * as cnab from './emit-cnab.js';
import * as ass from './emit-assinatura.js';
import { MESSAGE_COLUMNS, messageLines, numberMessages } from './messages.js';

export type ScaleOptions = { seed: string; today: number; boletos: number; cnabDays: number };
export type ScaleResult = { timings: Map<string, TableTiming>; planMs: number; vacuumMs: number; commitMs: number; fkChecks: boolean };

/** Migration 0133: the ledger posted from the business tables' history, set-based. */
const LEDGER_BACKFILL_SQL = fs.readFileSync(path.join(migrationsDir, '0133_ledger_backfill.sql'), 'utf8');

/** The scale password of every user the dataset creates (administradores: analista<id>). */
export const SCALE_PASSWORD = 'scale123';

export async function loadScaleData(loader: Loader, state: DatabaseState, o: ScaleOptions): Promise<ScaleResult> {
  const t0 = performance.now();
  const B = o.boletos;
  const per = (n: number) => Math.max(1, Math.round((n * B) / 1_000_000));
  const start = o.today - 3 * 365;
  const ids = new Ids({ ...state.lastIds });
  const people = planPeople({
    seed: o.seed, today: o.today, start, empresas: Math.max(10, per(500)), pessoas: per(200_000), admins: 12,
    base: { empresa: ids.current('empresa'), usuario: ids.current('usuario'), pessoa: ids.current('pessoa') },
    demoLoja: state.demoLoja, existingDocs: state.pessoaDocs, existingEmpresaDocs: state.empresaDocs,
  });
  const plan = planBoletos({
    seed: o.seed, today: o.today, start, cnabStart: o.today - o.cnabDays, boletos: B, garantias: per(300_000), people,
    base: { pessoa: ids.current('pessoa'), garantia: ids.current('garantia'), boleto: ids.current('boleto') }, contaId: state.conta.id, contaBanco: state.conta.banco,
  });
  const acordos = planAcordos(plan);
  const has = (t: string) => state.tables.has(t);
  const hist = planHistory(plan, {
    historico: ids.current('boleto_historico'), nossoNumero: state.nextNossoNumero, remessa: ids.current('remessa'), retorno: ids.current('retorno'),
    numeroArquivo: state.lastNumeroArquivo, retornoNumero: state.lastRetornoNumero,
  });
  if (!has('remessa')) hist.remessas.length = hist.retornos.length = 0;
  const lastNosso = state.nextNossoNumero + plan.boleto.nosso.filter((n) => n > 0).length - 1;
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const planMs = performance.now() - t0;
  process.stderr.write(`  plano: ${(planMs / 1000).toFixed(1)} s (${plan.pessoa.n} pessoas, ${plan.garantia.n} garantias, ${plan.boleto.n} boletos, ${hist.sorted.length} eventos)\n`);

  const phase = new Phase(loader, ids, state.suspeitos);
  await loader.exec('BEGIN');
  let fkChecks = true;
  try {
    // generated rows are consistent by construction: skip the row-by-row foreign key triggers when allowed (superuser)
    await loader.exec('SAVEPOINT replica');
    try {
      await loader.exec('SET LOCAL session_replication_role = replica');
      fkChecks = false;
    } catch {
      await loader.exec('ROLLBACK TO SAVEPOINT replica');
    }
    await loader.exec(`SET LOCAL maintenance_work_mem = '${loader.kind === 'postgres' ? '512MB' : '128MB'}'`);
    const loaded = [
      'empresa', 'usuario', 'pessoa', 'pessoa_telefone', 'pessoa_visao', 'garantia_pessoa', 'cpf_suspeito', 'garantia', 'consulta_documento', 'boleto', 'boleto_historico', 'audit_log',
      'acordo', 'acordo_parcela', 'acordo_boleto', 'agendamento', 'mensagem_outbox', 'spc_inclusao', 'antecipacao', 'antecipacao_boleto',
      'stored_file', 'remessa', 'remessa_item', 'retorno', 'retorno_item', 'boleto_avulso', 'assinatura_solicitacao',
    ].filter(has);
    const indexes = await dropIndexes(loader, loaded);

    await phase.copy('empresa', cad.EMPRESA_COLUMNS, cad.empresaLines(plan, people.newEmpresas), people.newEmpresas.length);
    await phase.copy('usuario', cad.USUARIO_COLUMNS, cad.usuarioLines(plan, people.newEmpresas, passwordHash), people.usuarioCount);
    // people as an identity plus a view per shop (migrations 0100-0102, decision 104), or in one row on an older schema
    const visoes = has('pessoa_visao');
    if (visoes) await phase.copy('pessoa', cad.PESSOA_IDENTIDADE_COLUMNS, cad.pessoaIdentidadeLines(plan), plan.pessoa.n);
    else await phase.copy('pessoa', cad.PESSOA_COLUMNS, cad.pessoaLines(plan), plan.pessoa.n);
    await phase.copy('pessoa_telefone', visoes ? cad.TELEFONE_VISAO_COLUMNS : cad.TELEFONE_COLUMNS, cad.telefoneLines(plan, phase, visoes), Math.round(plan.pessoa.n * 0.7));
    await phase.copy('cpf_suspeito', cad.CPF_SUSPEITO_COLUMNS, cad.cpfSuspeitoLines(plan, phase, per(1500)), per(1500));
    await phase.copy('garantia', gar.GARANTIA_COLUMNS, gar.garantiaLines(plan), plan.garantia.n);
    if (visoes) {
      await phase.copy('pessoa_visao', cad.PESSOA_VISAO_COLUMNS, cad.pessoaVisaoLines(plan, phase), plan.garantia.n);
      await phase.copy('garantia_pessoa', cad.GARANTIA_PESSOA_COLUMNS, cad.garantiaPessoaLines(plan), plan.garantia.n);
    }
    await phase.copy('consulta_documento', gar.CONSULTA_COLUMNS, gar.consultaLines(plan, phase), Math.round(plan.garantia.n * 1.25));
    await phase.copy('boleto', gar.BOLETO_COLUMNS, gar.boletoLines(plan, state.conta), plan.boleto.n);

    const firstAcordo = ids.current('acordo') + 1;
    const acordoOf = has('acordo') ? cob.acordoIds(plan, acordos, phase) : new Int32Array(plan.boleto.n);
    await phase.copy('boleto_historico', gar.HISTORICO_COLUMNS, gar.historicoLines(plan, hist, acordoOf), hist.sorted.length);
    await phase.copy('audit_log', gar.AUDIT_COLUMNS, gar.auditLines(plan, phase), Math.round(plan.garantia.n * 2.8));

    if (has('acordo')) {
      await phase.copy('acordo', cob.ACORDO_COLUMNS, cob.acordoLines(plan, acordos, firstAcordo), acordos.length);
      await phase.copy('acordo_parcela', cob.ACORDO_PARCELA_COLUMNS, cob.acordoParcelaLines(acordos, firstAcordo, phase), acordos.reduce((s, a) => s + a.sim.installments.length, 0));
      await phase.copy('acordo_boleto', cob.ACORDO_BOLETO_COLUMNS, cob.acordoBoletoLines(plan, acordos, firstAcordo), acordos.reduce((s, a) => s + a.boletos.length, 0));
    }
    const devedores = cob.defaulters(plan, acordoOf, acordos, firstAcordo);
    const agendar = [...devedores, ...acordos.map((a) => [a.pessoa, a.boletos[0]] as [number, number])];
    if (has('agendamento')) await phase.copy('agendamento', cob.AGENDAMENTO_COLUMNS, cob.agendamentoLines(plan, phase, agendar), agendar.length * 2.5);

    const spc = has('spc_inclusao') ? cob.planSpc(plan, devedores) : [];
    cob.numberSpc(spc, phase);
    const assinaturas = has('assinatura_solicitacao') ? ass.planAssinaturas(plan, phase) : [];
    const messages = [...spc.map((s) => s.aviso), ...assinaturas.flatMap((a) => [a.whatsapp, a.email])];
    numberMessages(messages, phase);
    await phase.copy('mensagem_outbox', MESSAGE_COLUMNS, messageLines(messages, plan.today), messages.length);
    if (spc.length) await phase.copy('spc_inclusao', cob.SPC_COLUMNS, cob.spcLines(plan, spc), spc.length);

    if (has('antecipacao')) {
      const advances = fin.planAntecipacoes(plan);
      const firstAdvance = ids.current('antecipacao') + 1;
      for (let i = 0; i < advances.length; i++) ids.next('antecipacao');
      await phase.copy('antecipacao', fin.ANTECIPACAO_COLUMNS, fin.antecipacaoLines(plan, advances, firstAdvance), advances.length);
      await phase.copy('antecipacao_boleto', fin.ANTECIPACAO_BOLETO_COLUMNS, fin.antecipacaoBoletoLines(advances, firstAdvance), advances.reduce((s, a) => s + a.sim.boletos.length, 0));
    }

    let lastNumero = state.lastNumeroArquivo;
    let nossoEnd = lastNosso;
    if (has('remessa')) {
      const files: cnab.CnabFiles = { remessaFile: new Map(), retornoFile: new Map() };
      const lastRemessaNumero = hist.remessas.length ? hist.remessas[hist.remessas.length - 1].numero : state.lastNumeroArquivo;
      const avulsos = has('boleto_avulso') ? cnab.planAvulsos(plan, per(2000), phase, lastNosso + 1, lastRemessaNumero) : [];
      lastNumero = avulsos.length ? avulsos[avulsos.length - 1].numero : lastRemessaNumero;
      nossoEnd = lastNosso + avulsos.length;
      await phase.copy('stored_file', cnab.STORED_FILE_COLUMNS, cnab.storedFileLines(plan, hist, files), hist.remessas.length + hist.retornos.length);
      await phase.copy('stored_file', cnab.STORED_FILE_COLUMNS, cnab.avulsoFileLines(plan, avulsos), avulsos.length);
      await phase.copy('remessa', cnab.REMESSA_COLUMNS, cnab.remessaLines(plan, hist, files), hist.remessas.length);
      await phase.copy('remessa_item', cnab.REMESSA_ITEM_COLUMNS, cnab.remessaItemLines(plan, hist, phase), hist.remessas.reduce((s, f) => s + f.entradas + f.baixas, 0));
      await phase.copy('retorno', cnab.RETORNO_COLUMNS, cnab.retornoLines(plan, hist, files), hist.retornos.length);
      await phase.copy('retorno_item', cnab.RETORNO_ITEM_COLUMNS, cnab.retornoItemLines(plan, hist, phase), hist.retornos.reduce((s, f) => s + f.entradas + f.liquidados + f.baixas, 0));
      if (avulsos.length) await phase.copy('boleto_avulso', cnab.AVULSO_COLUMNS, cnab.avulsoLines(plan, avulsos, state.conta), avulsos.length);
    }
    if (assinaturas.length) {
      await phase.copy('stored_file', cnab.STORED_FILE_COLUMNS, ass.assinaturaFileLines(plan, assinaturas), assinaturas.length * 2);
      await phase.copy('assinatura_solicitacao', ass.ASSINATURA_COLUMNS, ass.assinaturaLines(plan, assinaturas), assinaturas.length);
    }

    for (const index of indexes) {
      const t = performance.now();
      process.stderr.write(`  índice ${index.name} …`);
      await loader.exec(index.def);
      const ms = performance.now() - t;
      phase.timing(index.table).indexMs += ms;
      process.stderr.write(` ${(ms / 1000).toFixed(1)} s\n`);
    }
    await resetSequences(loader, loaded.filter((t) => (ID_TABLES as readonly string[]).includes(t)));
    await loader.exec(`select setval('${state.conta.sequencia}', ${Math.max(1, nossoEnd)}, ${nossoEnd >= 1})`);
    if (has('cnab_sequencia_arquivo') && lastNumero > state.lastNumeroArquivo) {
      await loader.exec(`insert into cnab_sequencia_arquivo (conta_cobranca_id, ultimo_numero) values (${state.conta.id}, ${lastNumero})
        on conflict (conta_cobranca_id) do update set ultimo_numero = excluded.ultimo_numero`);
    }
    // the ledger of everything loaded, posted set-based by the backfill migration's own SQL (0133:
    // exactly what the live code would have posted, under its keys); the demo's postings are kept
    if (has('ledger_transaction')) await postLedger(loader, phase);
    // inadimplencia_resumo's triggers did not run under replica (migration 0097): the first
    // Inadimplentes call recounts every person, as on a new day
    if (has('inadimplencia_referencia')) await loader.exec(`update inadimplencia_referencia set dia = '-infinity'`);
  } catch (err) {
    await loader.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
  const c = performance.now();
  await loader.exec('COMMIT');
  const commitMs = performance.now() - c;

  // fresh statistics and visibility maps (index-only scans, good plans) before anyone measures
  const v = performance.now();
  for (const table of phase.timings.keys()) {
    const t = performance.now();
    await loader.exec(`VACUUM ANALYZE ${table}`);
    phase.timing(table).indexMs += performance.now() - t;
  }
  return { timings: phase.timings, planMs, vacuumMs: performance.now() - v, commitMs, fkChecks };
}

/** Runs migration 0133's backfill inside the load's transaction; its time and rows go to the ledger tables' lines. */
async function postLedger(loader: Loader, phase: Phase): Promise<void> {
  const started = performance.now();
  const [before] = await loader.rows<{ t: string; e: string }>('select (select count(*) from ledger_transaction)::text as t, (select count(*) from ledger_entry)::text as e');
  process.stderr.write('  razão (migração 0133) …');
  await loader.exec(LEDGER_BACKFILL_SQL);
  const [after] = await loader.rows<{ t: string; e: string }>('select (select count(*) from ledger_transaction)::text as t, (select count(*) from ledger_entry)::text as e');
  const ms = performance.now() - started;
  const tx = phase.timing('ledger_transaction');
  tx.rows += Number(after.t) - Number(before.t);
  tx.copyMs += ms;
  phase.timing('ledger_entry').rows += Number(after.e) - Number(before.e);
  phase.timing('ledger_balance_month');
  phase.timing('ledger_account');
  process.stderr.write(` ${(ms / 1000).toFixed(1)} s (${Number(after.t) - Number(before.t)} transações, ${Number(after.e) - Number(before.e)} partidas)\n`);
}

export function printSummary(r: ScaleResult, info: { where: string; boletos: number; seed: string; today: string; totalMs: number; prepareMs: number }): void {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const rows = [...r.timings.entries()];
  const out = [
    '',
    `seed:scale — ${info.where}, --boletos ${info.boletos}, --seed ${info.seed}, --today ${info.today}`,
    '',
    '| tabela | linhas | COPY (s) | índices + VACUUM ANALYZE (s) | total (s) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(([t, v]) => `| ${t} | ${v.rows.toLocaleString('pt-BR')} | ${s(v.copyMs)} | ${s(v.indexMs)} | ${s(v.copyMs + v.indexMs)} |`),
    '',
    `migrar + demo: ${s(info.prepareMs)} s · plano em memória: ${s(r.planMs)} s · COMMIT: ${s(r.commitMs)} s · VACUUM ANALYZE: ${s(r.vacuumMs)} s · checagem de FK linha a linha: ${r.fkChecks ? 'sim' : 'não (session_replication_role = replica)'}`,
    `TOTAL: ${s(info.totalMs)} s`,
    `Acessos: admin / admin123 (demonstração); administradores do conjunto: analista<id> / ${SCALE_PASSWORD}; lojas: loja<empresa>_<id> / ${SCALE_PASSWORD}`,
    '',
  ];
  process.stdout.write(out.join('\n'));
}
