import { remessaFileName } from '../../src/modules/cnab/cnab-file.js';
import { buildSlip } from '../../src/modules/boletos/number-boletos.js';
import type { ContaCobrancaRow } from '../../src/modules/conta-cobranca/insert-conta-cobranca.js';
import { line } from './loader.js';
import { Rng } from './prng.js';
import { address, cpfOf } from './vocab.js';
import { BANK_EVENTS, EV, isoOf, MAX_EVENTS, SIT, tsOf, type Plan } from './model.js';
import { isBaixaRequest, type FileDay, type History } from './plan-history.js';
import { personName, pessoaNome } from './emit-cadastros.js';
import type { Phase } from './phase.js';

/**
 * CNAB since `cnabStart`: a remessa each business day with entradas and write-off requests, a
 * retorno each business day with what the bank did (applied, line by line, as the history rows
 * say), and boletos avulsos. Their stored_file rows point at files that are not on disk: lists
 * and details work, downloads answer not found.
 */
const money = (cents: number) => (cents / 100).toFixed(2);
const REMESSA_SEC = 18 * 3600;
const RETORNO_SEC = 6 * 3600 + 50 * 60;

export type CnabFiles = { remessaFile: Map<number, { id: string; arquivo: string }>; retornoFile: Map<number, { id: string; sha: string }> };

export function* storedFileLines(p: Plan, hist: History, files: CnabFiles) {
  const rng = new Rng(`${p.seed}:cnab-files`);
  for (const f of hist.remessas) {
    const at = new Date(tsOf(f.day, REMESSA_SEC));
    const arquivo = remessaFileName(at, f.id);
    const id = rng.uuid();
    files.remessaFile.set(f.day, { id, arquivo });
    yield line([id, `nova_garantia/remessas/${arquivo}`, arquivo, 'text/plain', 240 * (2 * (f.entradas + f.baixas) + 4), rng.hex(64), p.admins[f.day % p.admins.length], at.toISOString()]);
  }
  for (const f of hist.retornos) {
    const id = rng.uuid();
    const sha = rng.hex(64);
    files.retornoFile.set(f.day, { id, sha });
    const year = isoOf(f.day).slice(0, 4);
    yield line([id, `nova_garantia/retornos/${year}/${rng.uuid()}.ret`, retornoName(f), 'text/plain', 242 * (2 * (f.entradas + f.liquidados + f.baixas) + 4), sha, p.admins[f.day % p.admins.length], tsOf(f.day, RETORNO_SEC)]);
  }
}
const retornoName = (f: FileDay) => `RETORNO_${String(f.numero).padStart(6, '0')}.ret`;
export const STORED_FILE_COLUMNS = ['id', 'storage_key', 'original_name', 'content_type', 'size_bytes', 'sha256', 'created_by', 'created_at'];

export function* remessaLines(p: Plan, hist: History, files: CnabFiles) {
  for (const f of hist.remessas) {
    const file = files.remessaFile.get(f.day)!;
    yield line([f.id, p.contaId, f.numero, f.entradas, money(f.entradaCents), f.baixas, money(f.baixaCents), 0, file.arquivo, file.id, p.admins[f.day % p.admins.length], tsOf(f.day, REMESSA_SEC)]);
  }
}
export const REMESSA_COLUMNS = ['id', 'conta_cobranca_id', 'numero_arquivo', 'quantidade_entrada', 'total_valor_entrada', 'quantidade_baixa', 'total_valor_baixa', 'quantidade_alteracao', 'arquivo', 'file_id', 'usuario_id', 'created_at'];

export function* remessaItemLines(p: Plan, hist: History, phase: Phase) {
  const remessa = new Map(hist.remessas.map((f) => [f.day, f.id]));
  const bo = p.boleto;
  for (const slot of hist.sorted) {
    const day = bo.evDay[slot];
    if (day < p.cnabStart) continue;
    const kind = bo.evKind[slot];
    const tipo = kind === EV.REMESSA ? 'entrada' : isBaixaRequest(p, slot) ? 'baixa' : null;
    if (!tipo) continue;
    const b = (slot / MAX_EVENTS) | 0;
    yield line([phase.ids.next('remessa_item'), remessa.get(day), bo.firstId + b, tipo, money(bo.valor[b]), isoOf(bo.venc[b])]);
  }
}
export const REMESSA_ITEM_COLUMNS = ['id', 'remessa_id', 'boleto_id', 'tipo', 'valor', 'vencimento'];

export function* retornoLines(p: Plan, hist: History, files: CnabFiles) {
  for (const f of hist.retornos) {
    const file = files.retornoFile.get(f.day)!;
    const n = f.entradas + f.liquidados + f.baixas;
    const admin = p.admins[f.day % p.admins.length];
    yield line([
      f.id, retornoName(f), file.id, file.sha, 242 * (2 * n + 4), 'PROCESSADO', p.contaBanco, f.numero, p.contaId, n,
      f.liquidados, money(f.liquidadoCents), f.baixas, money(f.baixaCents), f.entradas, money(f.entradaCents), 0, 0, 0, n,
      null, null, null, admin, admin, tsOf(f.day, 7 * 3600), tsOf(f.day, RETORNO_SEC),
    ]);
  }
}
export const RETORNO_COLUMNS = ['id', 'arquivo', 'file_id', 'sha256', 'tamanho_bytes', 'status', 'banco', 'numero_arquivo', 'conta_cobranca_id', 'quantidade_titulos', 'quantidade_liquidado', 'total_valor_liquidado', 'quantidade_baixa', 'total_valor_baixa', 'quantidade_entrada', 'total_valor_entrada', 'quantidade_rejeitado', 'quantidade_nao_encontrado', 'quantidade_ja_aplicado', 'quantidade_processada', 'previa', 'previa_job_id', 'aplicacao_job_id', 'usuario_id', 'aplicado_por', 'aplicado_em', 'created_at'];

const MOVEMENT: Record<number, [string, string, string]> = {
  [EV.ENTRADA]: ['02', 'Entrada confirmada', 'entrada'],
  [EV.LIQUIDAR]: ['06', 'Liquidação', 'liquidacao'],
  [EV.CONF_BAIXA]: ['09', 'Baixa', 'baixa'],
  [EV.CONF_CANCEL]: ['09', 'Baixa', 'baixa'],
  [EV.CONF_REMOCAO]: ['09', 'Baixa', 'baixa'],
};

/** The same walk as historicoLines: a retorno's lines are its day's bank events in time order. */
export function* retornoItemLines(p: Plan, hist: History, phase: Phase) {
  const retorno = new Map(hist.retornos.map((f) => [f.day, f.id]));
  const bo = p.boleto;
  const ourNumber = (n: number) => (p.contaBanco === '104' ? `14${String(n).padStart(15, '0')}` : String(n));
  let day = -1;
  let linha = 1;
  for (const slot of hist.sorted) {
    const d = bo.evDay[slot];
    if (d !== day) [day, linha] = [d, 1];
    const kind = bo.evKind[slot];
    if (!BANK_EVENTS.has(kind)) continue;
    linha += 2;
    if (d < p.cnabStart) continue;
    const b = (slot / MAX_EVENTS) | 0;
    const [movimento, descricao, categoria] = MOVEMENT[kind];
    const paid = kind === EV.LIQUIDAR;
    const valor = money(bo.valor[b]);
    yield line([
      phase.ids.next('retorno_item'), retorno.get(d), linha, bo.firstId + b, null, ourNumber(bo.nosso[b]), movimento, descricao, categoria, 'APLICADO',
      SIT[bo.evTo[slot - 1]], SIT[bo.evTo[slot]], isoOf(d), paid ? isoOf(d + 1) : null, valor, paid ? valor : '0.00', paid ? money(bo.valor[b] - 180) : '0.00',
      paid ? '1.80' : '0.00', '0.00', '0.00', null, null, tsOf(d, 7 * 3600),
    ]);
  }
}
export const RETORNO_ITEM_COLUMNS = ['id', 'retorno_id', 'linha', 'boleto_id', 'boleto_avulso_id', 'nosso_numero', 'movimento', 'movimento_descricao', 'categoria', 'resultado', 'situacao_de', 'situacao_para', 'data_ocorrencia', 'data_credito', 'valor_titulo', 'valor_pago', 'valor_liquido', 'valor_tarifa', 'valor_juros', 'valor_desconto', 'motivos', 'mensagem', 'created_at'];

export type AvulsoPlan = { id: number; day: number; sec: number; fileId: string; arquivo: string; numero: number; nosso: number };

/** Boletos avulsos of the CNAB period, each with its remittance file. */
export function planAvulsos(p: Plan, count: number, phase: Phase, firstNosso: number, firstNumero: number): AvulsoPlan[] {
  const rng = new Rng(`${p.seed}:avulsos`);
  const days = Array.from({ length: count }, () => rng.int(p.cnabStart, p.today)).sort((a, b) => a - b);
  return days.map((day, i) => {
    const id = phase.ids.next('boleto_avulso');
    const sec = 9 * 3600 + rng.int(0, 9 * 3600);
    return { id, day, sec, fileId: rng.uuid(), arquivo: remessaFileName(new Date(tsOf(day, sec)), id), numero: firstNumero + 1 + i, nosso: firstNosso + i };
  });
}

export function* avulsoFileLines(p: Plan, avulsos: AvulsoPlan[]) {
  const rng = new Rng(`${p.seed}:avulso-files`);
  for (const a of avulsos) yield line([a.fileId, `nova_garantia/remessas_avulsas/${a.arquivo}`, a.arquivo, 'text/plain', 240 * 6, rng.hex(64), p.admins[a.day % p.admins.length], tsOf(a.day, a.sec)]);
}

export function* avulsoLines(p: Plan, avulsos: AvulsoPlan[], conta: ContaCobrancaRow) {
  const rng = new Rng(`${p.seed}:avulso-rows`);
  for (const a of avulsos) {
    const known = rng.chance(0.4) ? rng.int(0, p.pessoa.n - 1) : -1;
    const empresa = rng.chance(0.7) ? rng.pick(p.empresas).id : null;
    const ad = address(rng, rng.int(0, 10));
    const valor = rng.int(50, 3000) * 100;
    const venc = a.day + rng.int(5, 30);
    const situacao = venc < p.today ? rng.pick(['LIQUIDADO', 'LIQUIDADO', 'LIQUIDADO', 'BAIXADO', 'REGISTRADO']) : rng.chance(0.7) ? 'REGISTRADO' : 'DISPONÍVEL PARA PAGAMENTO';
    const slip = buildSlip(conta, a.nosso, valor, isoOf(venc));
    const created = tsOf(a.day, a.sec);
    yield line([
      a.id, empresa, known >= 0 ? p.pessoa.firstId + known : null, known >= 0 ? p.pessoa.docs[known] : cpfOf(800_000_000 + a.id), known >= 0 ? pessoaNome(p, known) : personName(rng),
      ad.cep, ad.endereco, ad.numero, ad.complemento, ad.bairro, ad.cidade, ad.uf, money(valor), isoOf(venc), situacao, p.contaId, a.nosso,
      slip.barcode, slip.digitableLine, a.numero, a.arquivo, a.fileId, p.admins[a.day % p.admins.length], created, created,
    ]);
  }
}
export const AVULSO_COLUMNS = ['id', 'empresa_id', 'pessoa_id', 'cpf_cnpj', 'nome_razao', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'valor', 'vencimento', 'situacao', 'conta_cobranca_id', 'nosso_numero', 'codigo_barras', 'linha_digitavel', 'numero_arquivo', 'remessa_arquivo', 'remessa_file_id', 'usuario_id', 'created_at', 'updated_at'];
