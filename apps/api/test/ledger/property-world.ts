import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  addDays,
  cnabAccountFromConta,
  completeCpf,
  fromCents,
  pagamentosAnteriores,
  readRemessa240,
  todayInSaoPaulo,
  toCents,
  writeRetorno240,
  type RemessaEntryRead,
  type RetornoTitleInput,
} from '@bg/domain';
import type { TestApp } from '../harness.js';
import { localFileStorage, type FileStorage } from '../../src/adapters/storage/file-storage.js';
import { acordo, acordoParcela, boleto, garantia, retorno } from '../../src/db/schema/index.js';
import { createEmpresa, createUsuario } from '../../src/factories/foundation.js';
import type { Actor } from '../../src/shared/actor.js';
import { applyRetorno } from '../../src/modules/cnab/apply-retorno.js';
import { CnabTextCheck } from '../../src/modules/cnab/cnab-text-check.js';
import { REMESSAS_DIR } from '../../src/modules/cnab/cnab-file.js';
import { registerRetornoFile } from '../../src/modules/cnab/create-retorno.js';
import { gerarRemessa } from '../../src/modules/cnab/gerar-remessa.js';
import { previewRetorno } from '../../src/modules/cnab/preview-retorno.js';
import { inlineJobRun } from '../../src/modules/cnab/run-inline.js';
import { activeContaCobranca } from '../../src/modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { loadBoletoContexts } from '../../src/modules/ledger/boleto-context.js';
import { cobrarMensalidades } from '../../src/modules/ledger/post-servicos.js';
import { DEMO_CONTA } from '../../src/seed/seed-boletos.js';
import { acordoBody } from '../cobranca/support.js';
import { payload } from '../garantias/helpers.js';

/**
 * The world of one run of the ledger's property test (property.int.test.ts): a shop that advances,
 * its usuario, an administrador, and every operation issue 24 lists, driven through the HTTP
 * routes of the test app — or, for Gerar Remessa and the retorno (background jobs in the app),
 * through the jobs' own handlers run inline, as the demo seed does. Each operation answers what
 * happened and what the model expects of the money; it never decides whether the money is right
 * (the test does, from the ledger).
 */

/**
 * One operation of a generated sequence. `pick` chooses among the candidates found at run time:
 * with `plausible`, among those the operation applies to (a GARANTIDO boleto to quitar, a PENDENTE
 * guarantee to approve), else among all (most of which the server must refuse, posting nothing).
 */
export type Op =
  | { op: 'solicitar'; parcelas: number[] }
  | { op: 'aprovarGarantia'; pick: number; plausible: boolean }
  | { op: 'liberar'; pick: number; plausible: boolean }
  | { op: 'remessa' }
  | { op: 'retorno'; liquidar: { pick: number; deltaCents: number; feeCents: number }[]; entradaFeeCents: number; confirmarBaixas: boolean; repetirArquivo: boolean }
  | { op: 'receber'; pick: number; plausible: boolean; admin: boolean }
  | { op: 'quitar'; pick: number; plausible: boolean }
  | { op: 'marcarQuitado'; pick: number; plausible: boolean }
  | { op: 'cancelarBoleto'; pick: number; plausible: boolean }
  | { op: 'atualizar'; pick: number; plausible: boolean; percent: number; dias: number }
  | { op: 'antecipar'; aprovar: boolean }
  | { op: 'acordo'; pick: number; qtd: number }
  | { op: 'pagarParcela'; pick: number }
  | { op: 'cancelarAcordo'; pick: number }
  | { op: 'repasse'; percent: number }
  | { op: 'perda'; pick: number; plausible: boolean }
  | { op: 'consulta' }
  | { op: 'mensalidade' };

/**
 * What an operation did. `ok`: it changed something (a refused or impossible one did not: it must
 * post nothing). `bancoCents`: how the model expects the bank account to move (null: not stated).
 * `again`: the same request once more (a double click, a retried call) — it must post nothing.
 */
export type Outcome = { ok: boolean; skipped?: boolean; label: string; bancoCents: number | null; again?: () => Promise<LightMyRequestResponse | null>; statuses: number[] };

const today = todayInSaoPaulo();
/** Retorno file numbers: unique across the file's runs (the shared database keeps every retorno). */
let nextFileNumber = 500;

export async function prepareConta(t: TestApp) {
  return (await activeContaCobranca(t.database.db)) ?? (await insertContaCobranca(t.database.db, DEMO_CONTA, 'SEED', null));
}

export class LedgerWorld {
  readonly storage: FileStorage;
  readonly actor: Actor;
  /** ourNumber → the entrada of a remessa that carried it (what the bank answers with). */
  private readonly sent = new Map<string, RemessaEntryRead>();
  /** (boleto, movement, date) lines the bank already sent: a repeat is JA_APLICADO and posts nothing. */
  private readonly movements = new Set<string>();
  readonly statuses: number[] = [];

  private constructor(
    readonly t: TestApp,
    readonly empresaId: number,
    readonly shopToken: string,
    readonly adminToken: string,
    adminId: number,
  ) {
    this.storage = localFileStorage(t.config.storageDir);
    this.actor = { id: adminId, nivel: '2', empresa_id: null, name: 'Admin da propriedade', ip: null };
  }

  static async create(t: TestApp): Promise<LedgerWorld> {
    const db = t.database.db;
    const empresa = await createEmpresa(db, { antecipa: 'S', taxa_antecipacao: '2.5', qtd_max_parcelas: 6 });
    const shop = await t.userWithToken({ nivel: '1', empresa_id: empresa.id });
    const adminUser = await createUsuario(db, { nivel: '2', empresa_id: null });
    const adminToken = await t.login(adminUser.login, adminUser.password);
    return new LedgerWorld(t, empresa.id, shop.token, adminToken, adminUser.id);
  }

  private async call(method: 'GET' | 'POST', url: string, token: string, body?: object) {
    const res = await this.t.call({ method, url, token, ...(body ? { payload: body } : {}) });
    this.statuses.push(res.statusCode);
    return res;
  }
  /**
   * While set, every POST is sent twice at the same moment (two tabs, a double click that beat the
   * button's disabling): the state must still change once. The answer kept is a 200 when either got one.
   */
  dobrar = false;
  private async post(url: string, token: string, body: object = {}) {
    if (!this.dobrar) return this.call('POST', url, token, body);
    const [a, b] = await Promise.all([this.call('POST', url, token, body), this.call('POST', url, token, body)]);
    return a.statusCode === 200 ? a : b.statusCode === 200 ? b : a;
  }
  private get = (url: string, token: string) => this.call('GET', url, token);

  /** The shop's boletos (every situação), oldest first. */
  async boletos() {
    return this.t.database.db
      .select({ id: boleto.id, situacao: boleto.situacao, valor: boleto.valor, vencimento: boleto.vencimento, digito: boleto.digito, nosso_numero: boleto.nosso_numero, garantia_id: boleto.garantia_id, pessoa_id: garantia.pessoa_id })
      .from(boleto)
      .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
      .where(eq(garantia.empresa_id, this.empresaId))
      .orderBy(asc(boleto.id));
  }

  private async garantias(status?: string) {
    const rows = await this.t.database.db.select({ id: garantia.id, status: garantia.status, libera: garantia.libera_boleto }).from(garantia).where(eq(garantia.empresa_id, this.empresaId)).orderBy(asc(garantia.id));
    return status ? rows.filter((g) => g.status === status) : rows;
  }

  private async acordos() {
    const ids = (await this.boletos()).map((b) => b.pessoa_id);
    if (!ids.length) return [];
    return this.t.database.db.select({ id: acordo.id, status: acordo.status }).from(acordo).where(inArray(acordo.pessoa_id, [...new Set(ids)])).orderBy(asc(acordo.id));
  }

  /** The response as an outcome: 2xx changed something; anything else was refused. */
  private outcome(label: string, res: LightMyRequestResponse, bancoCents: number | null, again?: Outcome['again']): Outcome {
    return { ok: res.statusCode === 200, label: `${label} → ${res.statusCode}${res.statusCode === 200 ? '' : ` ${res.json().msg ?? ''}`}`, bancoCents: res.statusCode === 200 ? bancoCents : 0, again, statuses: [res.statusCode] };
  }
  private skipped(label: string): Outcome {
    return { ok: false, skipped: true, label: `${label}: nada a fazer`, bancoCents: 0, statuses: [] };
  }

  async run(o: Op): Promise<Outcome> {
    switch (o.op) {
      case 'solicitar': {
        // one debtor per guarantee (a fresh CPF: the local bureau restricts nobody new)
        const body = payload({ qtd_titulos: o.parcelas.length, titulos: o.parcelas.map((c, i) => ({ parcela: i + 1, valor: fromCents(c), vencimento: addDays(today, 25 + 15 * i) })) });
        return this.outcome(`solicitar ${o.parcelas.join('+')}`, await this.post('/api/garantia/solicitaGarantia', this.shopToken, body), 0);
      }
      case 'aprovarGarantia': {
        const list = choose(await this.garantias(), o.plausible, (g) => g.status === 'PENDENTE');
        if (!list.length) return this.skipped('aprovar garantia');
        const g = list[o.pick % list.length];
        const url = `/api/garantia/aprovar/${g.id}`;
        return this.outcome(`aprovar garantia ${g.id} (${g.status})`, await this.post(url, this.adminToken), 0, () => this.post(url, this.adminToken));
      }
      case 'liberar': {
        const list = choose(await this.garantias(), o.plausible, (g) => g.status === 'APROVADO' && g.libera === 'N');
        if (!list.length) return this.skipped('liberar');
        const g = list[o.pick % list.length];
        const url = `/api/garantia/liberaBoleto/${g.id}`;
        return this.outcome(`liberar garantia ${g.id}`, await this.post(url, this.adminToken), 0, () => this.post(url, this.adminToken));
      }
      case 'remessa':
        return this.remessa();
      case 'retorno':
        return this.retorno(o);
      case 'receber':
      case 'quitar':
      case 'marcarQuitado':
      case 'cancelarBoleto': {
        const applies = o.op === 'marcarQuitado' ? (x: { situacao: string | null }) => x.situacao === 'BAIXADO (REMOVIDO)' : (x: { situacao: string | null }) => ABERTOS.has(x.situacao ?? '');
        const list = choose((await this.boletos()).filter((x) => x.situacao !== null), o.plausible, applies);
        if (!list.length) return this.skipped(o.op);
        const b = list[o.pick % list.length];
        const path = { receber: 'baixar', quitar: 'quitar', marcarQuitado: 'marcarQuitado', cancelarBoleto: 'cancelar' }[o.op];
        const token = o.op === 'receber' && !o.admin ? this.shopToken : this.adminToken;
        const url = `/api/boleto/${path}/${b.id}`;
        return this.outcome(`${o.op}${o.op === 'receber' ? (o.admin ? ' (admin)' : ' (loja)') : ''} boleto ${b.id} (${b.situacao}, ${b.valor})`, await this.post(url, token), 0, () => this.post(url, token));
      }
      case 'atualizar': {
        // Acerto de atendimento: a new value (percent of the current one) and due date; refused once paid, and for an advanced boleto's value
        const list = choose((await this.boletos()).filter((x) => x.situacao !== null), o.plausible, (x) => ABERTOS.has(x.situacao ?? ''));
        if (!list.length) return this.skipped('atualizar');
        const b = list[o.pick % list.length];
        const body = { vencimento: addDays(b.vencimento, o.dias), valor: fromCents(Math.max(100, Math.round((toCents(b.valor) * o.percent) / 100))) };
        const url = `/api/boleto/update/${b.id}`;
        return this.outcome(`atualizar boleto ${b.id} (${b.situacao}, ${b.valor}) para ${body.valor}`, await this.post(url, this.adminToken, body), 0, () => this.post(url, this.adminToken, body));
      }
      case 'antecipar':
        return this.antecipar(o.aprovar);
      case 'acordo':
        return this.acordo(o.pick, o.qtd);
      case 'pagarParcela': {
        const vigentes = (await this.acordos()).filter((a) => a.status === 'Aguardando Ativação' || a.status === 'ATIVO');
        if (!vigentes.length) return this.skipped('pagar parcela');
        const a = vigentes[o.pick % vigentes.length];
        const [p] = await this.t.database.db
          .select({ id: acordoParcela.id, valor: acordoParcela.valor, parcela: acordoParcela.parcela })
          .from(acordoParcela)
          .where(and(eq(acordoParcela.acordo_id, a.id), eq(acordoParcela.situacao, 'Em Aberto')))
          .orderBy(asc(acordoParcela.parcela))
          .limit(1);
        if (!p) return this.skipped('pagar parcela');
        const body = { parcelaId: p.id };
        return this.outcome(`pagar parcela ${p.parcela} (${p.valor}) do acordo ${a.id}`, await this.post('/api/acordo/baixar-parcela', this.adminToken, body), toCents(p.valor), () =>
          this.post('/api/acordo/baixar-parcela', this.adminToken, body),
        );
      }
      case 'cancelarAcordo': {
        const list = choose(await this.acordos(), true, (a) => a.status === 'Aguardando Ativação' || a.status === 'ATIVO');
        if (!list.length) return this.skipped('cancelar acordo');
        const a = list[o.pick % list.length];
        const body = { acordoId: a.id };
        return this.outcome(`cancelar acordo ${a.id} (${a.status})`, await this.post('/api/acordo/cancelar', this.adminToken, body), 0, () => this.post('/api/acordo/cancelar', this.adminToken, body));
      }
      case 'repasse':
        return this.repasse(o.percent);
      case 'perda': {
        const list = choose(await this.boletos(), o.plausible, (x) => x.situacao === 'QUITADO');
        if (!list.length) return this.skipped('perda');
        const b = list[o.pick % list.length];
        const body = { boletoId: b.id, motivo: 'Devedor não localizado' };
        return this.outcome(`perda boleto ${b.id} (${b.situacao})`, await this.post('/api/razao/lancarPerda', this.adminToken, body), 0, () => this.post('/api/razao/lancarPerda', this.adminToken, body));
      }
      case 'consulta': {
        const body = { documento: completeCpf(String(100_000_000 + (randomBytes(4).readUInt32BE() % 899_999_999))) };
        return this.outcome('consulta', await this.post('/api/garantia/consultaDocumento', this.shopToken, body), 0);
      }
      case 'mensalidade': {
        const mes = today.slice(0, 7);
        const cobrar = () => this.t.database.db.transaction((tx) => cobrarMensalidades(tx, mes));
        const { cobradas } = await cobrar();
        return { ok: cobradas > 0, label: `mensalidades de ${mes}: ${cobradas}`, bancoCents: 0, statuses: [], again: async () => ((await cobrar()).cobradas === 0 ? null : fail('mensalidade cobrada duas vezes')) };
      }
    }
  }

  /** Gerar Remessa of the shop's boletos, by the job's handler; its entradas are kept for the bank's answer. */
  private async remessa(): Promise<Outcome> {
    const ids = (await this.boletos()).map((b) => b.id);
    if (!ids.length) return this.skipped('remessa');
    const { remessa } = await gerarRemessa({ db: this.t.database.db, storage: this.storage }, this.actor, { boletoIds: ids });
    if (!remessa) return { ok: false, label: 'remessa vazia', bancoCents: 0, statuses: [] };
    let itens = 0;
    for await (const e of readRemessa240(this.storage.read(`${REMESSAS_DIR}/${remessa.arquivo}`))) {
      itens++;
      if (e.kind === 'entrada') this.sent.set(String(Number(e.ourNumber)), e);
    }
    return { ok: true, label: `remessa nº ${remessa.numero_arquivo} (${itens} título(s))`, bancoCents: 0, statuses: [] };
  }

  /**
   * The bank's answer, as a real CNAB 240 retorno (writeRetorno240): entrada confirmada (02) for
   * every title awaiting it, liquidação (06) of the chosen titles — paid above or below the value,
   * with a fee, credited tomorrow — and, optionally, baixa (09) for titles with a pending request.
   * Registered, previewed and applied by the jobs' handlers. The model's bank movement: each new
   * liquidação adds paid − fee, every other new line − fee; a line the bank already sent, nothing.
   */
  private async retorno(o: Extract<Op, { op: 'retorno' }>): Promise<Outcome> {
    const all = await this.boletos();
    const known = all.filter((b) => b.nosso_numero !== null && this.sent.has(String(b.nosso_numero)));
    if (!known.length) return this.skipped('retorno');
    const titles: (RetornoTitleInput & { boletoId: number })[] = [];
    const line = (b: (typeof known)[number], movement: string, extra: Partial<RetornoTitleInput> = {}) => {
      const e = this.sent.get(String(b.nosso_numero))!;
      titles.push({ boletoId: b.id, ourNumber: e.ourNumber, documentNumber: e.documentNumber, dueDate: e.dueDate ?? today, amountCents: e.amountCents, occurrenceDate: today, movement, ...extra });
    };
    for (const b of known) if (b.situacao === 'ENVIADO PARA REGISTRO') line(b, '02', { feeCents: o.entradaFeeCents });
    const chosen = new Set<number>();
    for (const l of o.liquidar) {
      const b = known[l.pick % known.length];
      if (chosen.has(b.id)) continue;
      chosen.add(b.id);
      const value = this.sent.get(String(b.nosso_numero))!.amountCents;
      const paid = Math.max(100, value + l.deltaCents);
      line(b, '06', { paidCents: paid, interestCents: Math.max(0, paid - value), discountCents: Math.max(0, value - paid), feeCents: l.feeCents, creditDate: addDays(today, 1) });
    }
    if (o.confirmarBaixas) for (const b of known) if (b.situacao && /^ENVIADO PARA (BAIXA|CANCELAMENTO|REMOÇÃO)$/.test(b.situacao)) line(b, '09', { feeCents: o.entradaFeeCents });
    if (!titles.length) return this.skipped('retorno');

    let bancoCents = 0;
    for (const x of titles) {
      const key = `${x.boletoId}:${x.movement}:${x.occurrenceDate}`;
      if (this.movements.has(key)) continue;
      this.movements.add(key);
      bancoCents += (x.movement === '06' ? (x.paidCents ?? 0) : 0) - (x.feeCents ?? 0);
    }
    const fileNumber = nextFileNumber++;
    const bytes = Buffer.from(writeRetorno240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber, generatedAt: new Date(), titles }));
    const first = await this.applyFile(bytes, fileNumber);
    const label = `retorno nº ${fileNumber}: ${titles.map((x) => `${x.movement}#${x.boletoId}${x.paidCents ? `=${x.paidCents}` : ''}`).join(' ')}`;
    // the same file again is refused as a duplicate; the same movements in another file are JA_APLICADO
    const again = async () => {
      if (o.repetirArquivo) {
        const dup = await this.applyFile(bytes, fileNumber);
        if (!dup.duplicado) fail('o mesmo arquivo de retorno foi aceito duas vezes');
      } else {
        const n = nextFileNumber++;
        await this.applyFile(Buffer.from(writeRetorno240({ account: cnabAccountFromConta(DEMO_CONTA), fileNumber: n, generatedAt: new Date(), titles })), n);
      }
      return null;
    };
    return { ok: !first.duplicado, label, bancoCents, again, statuses: [] };
  }

  private async applyFile(bytes: Buffer, fileNumber: number) {
    const db = this.t.database.db;
    const tempPath = this.storage.tempPath(randomUUID());
    await fs.promises.writeFile(tempPath, bytes);
    const check = new CnabTextCheck();
    check.feed(bytes);
    check.finish();
    const file = { tempPath, name: `RET${fileNumber}.ret`, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), header: check.header! };
    const created = await registerRetornoFile({ db, storage: this.storage, jobs: null }, this.actor, file);
    if (created.duplicado) return { duplicado: true };
    await previewRetorno(this.storage, created.id, inlineJobRun(db));
    await db.update(retorno).set({ status: 'APLICANDO' }).where(eq(retorno.id, created.id));
    await applyRetorno(this.storage, { retornoId: created.id, usuarioId: this.actor.id! }, inlineJobRun(db));
    const [row] = await db.select({ status: retorno.status }).from(retorno).where(eq(retorno.id, created.id));
    if (row.status !== 'PROCESSADO') fail(`retorno ${created.id} ficou ${row.status}`);
    return { duplicado: false };
  }

  /** The shop asks for an advance of everything the simulation offers (the figures it showed); the administrador approves or denies. */
  private async antecipar(aprovar: boolean): Promise<Outcome> {
    const sim = (await this.get('/api/relatorio/simulaAntecipacao', this.shopToken)).json();
    if (!sim.totais || !sim.boletos?.length) return this.skipped('antecipar');
    const body = {
      data_simulacao: sim.totais.data_simulacao,
      boletos: sim.boletos.map((b: { id: number; valor: number; vencimento: string; prorata: number }) => ({ id: b.id, valor: b.valor, vencimento: b.vencimento, prorata: b.prorata })),
      totais: sim.totais,
    };
    const created = await this.post('/api/relatorio/createAntecipacao', this.shopToken, body);
    if (created.statusCode !== 200) return this.outcome('pedir antecipação', created, 0);
    const id = created.json().data.id as number;
    const url = `/api/relatorio/${aprovar ? 'aprova' : 'nega'}Antecipacao/${id}`;
    const total = toCents(String(sim.totais.total_antecipacao));
    return this.outcome(`antecipação ${id} de ${sim.boletos.length} boleto(s), ${aprovar ? 'aprovada' : 'negada'}`, await this.post(url, this.adminToken), aprovar ? -total : 0, () => this.post(url, this.adminToken));
  }

  /** An acordo of the open boletos of one guarantee (one debtor), with what earlier acordos paid deducted. */
  private async acordo(pick: number, qtd: number): Promise<Outcome> {
    const abertas = new Set(['DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'ENVIADO PARA REMOÇÃO', 'BAIXADO (REMOVIDO)']);
    const byGarantia = new Map<number, Awaited<ReturnType<LedgerWorld['boletos']>>>();
    for (const b of await this.boletos()) if (b.situacao && abertas.has(b.situacao)) byGarantia.set(b.garantia_id, [...(byGarantia.get(b.garantia_id) ?? []), b]);
    const groups = [...byGarantia.values()];
    if (!groups.length) return this.skipped('acordo');
    const chosen = groups[pick % groups.length];
    const contexts = await loadBoletoContexts(this.t.database.db, chosen.map((b) => b.id));
    const anteriores = pagamentosAnteriores(chosen.map((b) => contexts.get(b.id)!.position));
    const principal = chosen.reduce((s, b) => s + toCents(b.valor), 0) - anteriores;
    const body = acordoBody({ pessoaId: chosen[0].pessoa_id, boletos: chosen }, { qtd, entradaCents: Math.max(100, Math.floor(principal / (qtd + 1))), anterioresCents: anteriores });
    return this.outcome(`acordo de ${chosen.map((b) => `${b.id} (${b.situacao})`).join(', ')} em ${qtd}x`, await this.post('/api/acordo/create', this.adminToken, body), 0);
  }

  /** A repasse of `percent` % of what the shop may be paid now (Repasses' "A repassar"), with the form's one-time key. */
  private async repasse(percent: number): Promise<Outcome> {
    const pos = (await this.get(`/api/razao/getPosicaoLoja/${this.empresaId}`, this.adminToken)).json().data;
    const max = toCents(String(pos.a_repassar));
    const valor = Math.max(1, Math.floor((max * percent) / 100));
    const body = { empresa_id: this.empresaId, data: today, valor: fromCents(valor), referencia: 'TED 123', chave: `prop-${randomUUID().replaceAll('-', '')}` };
    return this.outcome(`repasse de ${valor} (a repassar ${max})`, await this.post('/api/razao/registrarRepasse', this.adminToken, body), -valor, () => this.post('/api/razao/registrarRepasse', this.adminToken, body));
  }
}

const ABERTOS = new Set(['DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO']);

/** The candidates an operation applies to when `plausible` and there are any; else all of them. */
function choose<T>(all: T[], plausible: boolean, applies: (x: T) => boolean): T[] {
  const fit = plausible ? all.filter(applies) : [];
  return fit.length ? fit : all;
}

function fail(message: string): never {
  throw new Error(message);
}
