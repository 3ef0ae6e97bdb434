import { eq } from 'drizzle-orm';
import { fromCents, toCents, type RemessaJobResult } from '@bg/domain';
import { usuario } from '../../db/schema/index.js';
import { jobKind, withBeforeCommit, type JobContext } from '../../jobs/index.js';
import { gerarRemessa, REMESSA_VAZIA, type GerarRemessaResult } from './gerar-remessa.js';
import { contasComRemessaPendente, type ContaPendente } from './remessa-pendente.js';

/**
 * Gerar Remessa as a background job (docs/decisions/041); its policy is in jobs/catalogue.ts.
 * `contaId`: that conta's file; absent (and in jobs enqueued before decision 126): one file per conta
 * by CNAB with pending titles.
 */
export const remessaJob = jobKind<{ usuarioId: number; contaId?: number | null }>('cnab.remessa');

/**
 * 100 000 boletos take tens of seconds, so the request only enqueues the job and the screen follows
 * its progress (títulos written to the file). One transaction: a run interrupted midway leaves
 * nothing behind and the next run starts over. The run's result ("done") is written in that same
 * transaction (ctx.complete), so once the remessa committed no later run — one that took the job
 * over from a process taken for dead (decision 108) — generates again or reports an empty remessa;
 * and a run whose job was taken over cannot commit its remessa at all (the fence of ctx.db).
 */
export async function runRemessaJob(data: { usuarioId: number; contaId?: number | null }, ctx: JobContext): Promise<RemessaJobResult> {
  const [user] = await ctx.db.select({ id: usuario.id, name: usuario.name, nivel: usuario.nivel }).from(usuario).where(eq(usuario.id, data.usuarioId));
  if (!user) throw new Error('usuário da solicitação não existe');
  const actor = { id: user.id, name: user.name, nivel: user.nivel, empresa_id: null, ip: null };
  const onProgress = (done: number, total: number) => ctx.progress(done, total);
  if (data.contaId != null) {
    // the generation's own transaction answers its result: the run is completed in it, before it commits
    const db = withBeforeCommit(ctx.db, async (tx, value) => {
      if (isGerarRemessaResult(value)) await ctx.complete(remessaJobResult(value), tx);
    });
    return remessaJobResult(await gerarRemessa({ db, storage: ctx.storage }, actor, { contaId: data.contaId, onProgress }));
  }
  // one file per conta, each its own transaction (its own lock and file number): a run taken over
  // midway finds the contas already done with nothing pending, and goes on with the others
  const feitas: { conta: ContaPendente; result: GerarRemessaResult }[] = [];
  for (const conta of await contasComRemessaPendente(ctx.db)) {
    feitas.push({ conta, result: await gerarRemessa({ db: ctx.db, storage: ctx.storage }, actor, { contaId: conta.id, onProgress }) });
  }
  return juntarRemessas(feitas);
}

/** Several contas' generations as one result: the sums, the first file's id, one line per conta. */
function juntarRemessas(feitas: { conta: ContaPendente; result: GerarRemessaResult }[]): RemessaJobResult {
  const partes = feitas.map(({ conta, result }) => ({ conta, parte: remessaJobResult(result) }));
  const vazia = remessaJobResult({ remessa: null, baixas_sem_registro: 0, fora: { quantidade: 0, titulos: [] } });
  if (partes.length === 1) return { ...partes[0].parte, remessas: linhas(partes) };
  if (partes.length === 0) return vazia;
  const soma = (f: (p: RemessaJobResult) => number) => partes.reduce((t, { parte }) => t + f(parte), 0);
  const primeira = partes.find(({ parte }) => parte.remessa_id !== null)?.parte;
  return {
    remessa_id: primeira?.remessa_id ?? null,
    numero_arquivo: primeira?.numero_arquivo ?? null,
    arquivo: primeira?.arquivo ?? null,
    quantidade_entrada: soma((p) => p.quantidade_entrada),
    total_valor_entrada: fromCents(soma((p) => toCents(p.total_valor_entrada))),
    quantidade_baixa: soma((p) => p.quantidade_baixa),
    total_valor_baixa: fromCents(soma((p) => toCents(p.total_valor_baixa))),
    quantidade_alteracao: soma((p) => p.quantidade_alteracao),
    baixas_sem_registro: soma((p) => p.baixas_sem_registro),
    quantidade_fora: soma((p) => p.quantidade_fora),
    titulos_fora: partes.flatMap(({ parte }) => parte.titulos_fora),
    mensagem: partes.map(({ conta, parte }) => `${conta.descricao}: ${parte.mensagem}`).join(' '),
    remessas: linhas(partes),
  };
}

function linhas(partes: { conta: ContaPendente; parte: RemessaJobResult }[]): RemessaJobResult['remessas'] {
  return partes.map(({ conta, parte }) => ({
    conta_cobranca_id: conta.id,
    conta: conta.descricao,
    layout_cnab: conta.layout_cnab,
    remessa_id: parte.remessa_id,
    numero_arquivo: parte.numero_arquivo,
    arquivo: parte.arquivo,
    mensagem: parte.mensagem,
  }));
}

function isGerarRemessaResult(value: unknown): value is GerarRemessaResult {
  return typeof value === 'object' && value !== null && 'remessa' in value && 'baixas_sem_registro' in value && 'fora' in value;
}

/** What GET /api/job/{id} shows of a generation. */
export function remessaJobResult({ remessa: r, baixas_sem_registro, fora }: GerarRemessaResult): RemessaJobResult {
  const foraTexto = fora.quantidade ? ` ${fora.quantidade} título(s) deixado(s) de fora: veja os motivos abaixo.` : '';
  if (!r) {
    return {
      remessa_id: null,
      numero_arquivo: null,
      arquivo: null,
      quantidade_entrada: 0,
      total_valor_entrada: 0,
      quantidade_baixa: 0,
      total_valor_baixa: 0,
      quantidade_alteracao: 0,
      baixas_sem_registro,
      quantidade_fora: fora.quantidade,
      titulos_fora: fora.titulos,
      remessas: [],
      mensagem:
        (baixas_sem_registro
          ? `Nenhum título para o banco; ${baixas_sem_registro} baixa(s) de título(s) nunca registrado(s) confirmada(s).`
          : fora.quantidade
            ? 'Nenhum título para o banco.'
            : REMESSA_VAZIA) + foraTexto,
    };
  }
  return {
    remessa_id: r.id,
    numero_arquivo: r.numero_arquivo,
    arquivo: r.arquivo,
    quantidade_entrada: r.quantidade_entrada,
    total_valor_entrada: fromCents(toCents(r.total_valor_entrada)),
    quantidade_baixa: r.quantidade_baixa,
    total_valor_baixa: fromCents(toCents(r.total_valor_baixa)),
    quantidade_alteracao: r.quantidade_alteracao,
    baixas_sem_registro,
    quantidade_fora: fora.quantidade,
    titulos_fora: fora.titulos,
    remessas: [],
    mensagem: `Remessa nº ${r.numero_arquivo} gerada: ${r.quantidade_entrada} entrada(s), ${r.quantidade_baixa} pedido(s) de baixa, ${r.quantidade_alteracao} alteração(ões).${foraTexto}`,
  };
}
