import { desc, eq } from 'drizzle-orm';
import { fromCents, toCents } from '@bg/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { bancoComunicacao, bancoRegistro, boleto, contaCobranca } from '../../db/schema/index.js';
import { boletoX } from '../../db/schema/boleto-extra.js';
import type { Actor } from '../../shared/actor.js';
import { garantiaOfBoleto } from '../boletos/slip-source.js';
import { isAdministrador } from '../tenancy/access.js';

const minutesSince = (d: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - d.getTime()) / 60_000));
const idade = (d: Date, now: Date) => {
  const m = minutesSince(d, now);
  return m < 1 ? 'há menos de 1 min' : m < 60 ? `há ${m} min` : m < 48 * 60 ? `há ${Math.floor(m / 60)} h` : `há ${Math.floor(m / 1440)} dias`;
};
const fmt = (d: Date) => d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** The boleto's conta mode and its registration row (null when its conta works by CNAB files or it was never sent). */
export async function bankStateOf(db: DbOrTx, boletoId: number) {
  const [row] = await db
    .select({ modo: contaCobranca.modo, r: bancoRegistro })
    .from(boletoX)
    .leftJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .leftJoin(bancoRegistro, eq(bancoRegistro.boleto_id, boletoX.id))
    .where(eq(boletoX.id, boletoId));
  return row ? { modo: row.modo ?? 'CNAB', r: row.r } : null;
}

/** The sentence the screens show for a boleto of a conta by API, and whether its slip may be printed. */
export function describeBankState(state: Awaited<ReturnType<typeof bankStateOf>>, now = new Date()): { descricao: string; imprimivel: boolean } {
  if (!state || state.modo !== 'API') return { descricao: 'Conta por arquivo CNAB: o registro vai na remessa.', imprimivel: true };
  const r = state.r;
  if (!r) return { descricao: 'Aguardando registro no banco.', imprimivel: false };
  switch (r.estado) {
    case 'REGISTRADO':
      if (r.pagamento_processando) return { descricao: 'Pagamento em processamento no banco.', imprimivel: true };
      return { descricao: `Registrado no banco em ${fmt(r.registrado_em ?? r.updated_at)}.`, imprimivel: true };
    case 'REJEITADO':
      return { descricao: `O banco recusou o registro: ${r.ultimo_erro ?? 'sem motivo informado'}`, imprimivel: false };
    default:
      return { descricao: `Aguardando registro no banco (${idade(r.solicitado_em, now)})${r.ultimo_erro ? `: ${r.ultimo_erro}` : '.'}`, imprimivel: false };
  }
}

/** GET /api/banco/boleto/{id}: the boleto at the bank; the exchanges only for administradores. */
export async function getBoletoBanco(db: Db, actor: Actor, boletoId: number) {
  await garantiaOfBoleto(db, actor, boletoId); // 404 outside the actor's sight
  const state = await bankStateOf(db, boletoId);
  const { descricao, imprimivel } = describeBankState(state);
  const r = state?.r ?? null;
  const [b] = await db.select({ valor: boleto.valor, vencimento: boleto.vencimento }).from(boleto).where(eq(boleto.id, boletoId));
  const pendente = r && r.estado === 'REGISTRADO' && b && (r.valor_enviado === null || toCents(b.valor) !== toCents(r.valor_enviado) || b.vencimento !== r.vencimento_enviado);
  const comunicacoes = isAdministrador(actor)
    ? await db.select().from(bancoComunicacao).where(eq(bancoComunicacao.boleto_id, boletoId)).orderBy(desc(bancoComunicacao.id)).limit(50)
    : [];
  return {
    boleto_id: boletoId,
    modo: state?.modo ?? 'CNAB',
    estado: r?.estado ?? null,
    descricao,
    imprimivel,
    numero_banco: r?.numero_banco ?? null,
    tentativas: r?.tentativas ?? 0,
    solicitado_em: r?.solicitado_em ?? null,
    registrado_em: r?.registrado_em ?? null,
    proxima_tentativa: r && r.estado !== 'REGISTRADO' && r.estado !== 'REJEITADO' ? r.proxima_tentativa : null,
    ultimo_erro: r?.ultimo_erro ?? null,
    linha_digitavel: r?.linha_digitavel ?? null,
    pix: Boolean(r?.pix_emv),
    alteracao_pendente:
      pendente && b && r
        ? {
            valor: fromCents(toCents(b.valor)),
            vencimento: b.vencimento,
            a_partir_de: r.registrado_em ? new Date(r.registrado_em.getTime() + 60_000 * (await esperaDaConta(db, r.conta_cobranca_id))) : null,
          }
        : null,
    pagamento_em_processamento: r?.pagamento_processando ? { valor: fromCents(r.pagamento_processando.valor_cents), data: r.pagamento_processando.data, canal: r.pagamento_processando.canal } : null,
    comunicacoes: comunicacoes.map((c) => ({ ...c, id: Number(c.id) })),
  };
}

async function esperaDaConta(db: DbOrTx, contaId: number): Promise<number> {
  const [c] = await db.select({ m: contaCobranca.alteracao_espera_minutos }).from(contaCobranca).where(eq(contaCobranca.id, contaId));
  return c?.m ?? 30;
}
