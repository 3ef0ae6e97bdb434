import { eq } from 'drizzle-orm';
import { fromCents, toCents, type RemessaJobResult } from '@bg/domain';
import { usuario } from '../../db/schema/index.js';
import { jobKind, withBeforeCommit, type JobContext } from '../../jobs/index.js';
import { gerarRemessa, REMESSA_VAZIA, type GerarRemessaResult } from './gerar-remessa.js';

/** Gerar Remessa as a background job (docs/decisions/041); its policy is in jobs/catalogue.ts. */
export const remessaJob = jobKind<{ usuarioId: number }>('cnab.remessa');

/**
 * 100 000 boletos take tens of seconds, so the request only enqueues the job and the screen follows
 * its progress (títulos written to the file). One transaction: a run interrupted midway leaves
 * nothing behind and the next run starts over. The run's result ("done") is written in that same
 * transaction (ctx.complete), so once the remessa committed no later run — one that took the job
 * over from a process taken for dead (decision 108) — generates again or reports an empty remessa;
 * and a run whose job was taken over cannot commit its remessa at all (the fence of ctx.db).
 */
export async function runRemessaJob(data: { usuarioId: number }, ctx: JobContext): Promise<RemessaJobResult> {
  const [user] = await ctx.db.select({ id: usuario.id, name: usuario.name, nivel: usuario.nivel }).from(usuario).where(eq(usuario.id, data.usuarioId));
  if (!user) throw new Error('usuário da solicitação não existe');
  const actor = { id: user.id, name: user.name, nivel: user.nivel, empresa_id: null, ip: null };
  // the generation's own transaction answers its result: the run is completed in it, before it commits
  const db = withBeforeCommit(ctx.db, async (tx, value) => {
    if (isGerarRemessaResult(value)) await ctx.complete(remessaJobResult(value), tx);
  });
  const generated = await gerarRemessa({ db, storage: ctx.storage }, actor, {
    onProgress: (done, total) => ctx.progress(done, total),
  });
  return remessaJobResult(generated);
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
    mensagem: `Remessa nº ${r.numero_arquivo} gerada: ${r.quantidade_entrada} entrada(s), ${r.quantidade_baixa} pedido(s) de baixa, ${r.quantidade_alteracao} alteração(ões).${foraTexto}`,
  };
}
