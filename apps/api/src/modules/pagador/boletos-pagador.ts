import { and, asc, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import { diasDeAtraso, fromCents, PAGADOR_MSG, PAYABLE_SITUACOES, todayInSaoPaulo, valorAtualizadoCents } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { acordoBoleto, bancoRegistro, boleto, contaCobranca, empresa, garantia, pessoa } from '../../db/schema/index.js';
import { boletoX } from '../../db/schema/boleto-extra.js';
import { AppError } from '../../errors/app-error.js';
import { pixPayload, type SlipData } from '../../pdf/slip.js';
import { slipsOf } from '../boletos/slip-source.js';
import { admitPublicCall, recordPublicFailure, type PublicClient } from '../assinatura/public-access.js';
import { canalRecusado } from '../mensagem/consentimento.js';
import { registrarAcessoPagador } from './acesso-pagador.js';
import type { PagadorDeps } from './identificar-pagador.js';
import { pdfUrlPagador, pessoaDaSessao, verificarPdfPagador } from './sessao-pagador.js';

const sessaoExpirada = () => new AppError('NOT_FOUND', PAGADOR_MSG.sessaoExpirada);

/** A page never lists more than this many boletos (a person with more sees the nearest due first). */
const MAX_BOLETOS = 200;

/**
 * The boletos the payer can actually pay (DOMAIN.md "Seams": the same rule that refuses printing):
 * of a guarantee APROVADA with its boletos released, numbered (nosso número), in a payable
 * situação (PAYABLE_SITUACOES: never paid, written off, cancelled or removed for an acordo), in no
 * running acordo, and — for a conta that works by the bank's API — registered at the bank.
 */
export function boletosPagaveisDa(pessoaId: number, boletoId?: number) {
  return and(
    eq(garantia.pessoa_id, pessoaId),
    eq(garantia.status, 'APROVADO'),
    eq(garantia.libera_boleto, 'S'),
    inArray(boleto.situacao, PAYABLE_SITUACOES),
    isNotNull(boleto.nosso_numero),
    or(ne(contaCobranca.modo, 'API'), eq(bancoRegistro.estado, 'REGISTRADO')),
    notExists(
      sql`(select 1 from ${acordoBoleto} where ${acordoBoleto.boleto_id} = ${boleto.id} and ${acordoBoleto.vigente} = true)`,
    ),
    boletoId === undefined ? undefined : eq(boleto.id, boletoId),
  );
}

async function pagaveis(db: DbOrTx, pessoaId: number, boletoId?: number) {
  return db
    .select({ id: boleto.id, garantia_id: boleto.garantia_id, loja: empresa.fantasia })
    .from(boleto)
    .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
    .innerJoin(empresa, eq(empresa.id, garantia.empresa_id))
    .innerJoin(boletoX, eq(boletoX.id, boleto.id))
    .innerJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .leftJoin(bancoRegistro, eq(bancoRegistro.boleto_id, boleto.id))
    .where(boletosPagaveisDa(pessoaId, boletoId))
    .orderBy(asc(boleto.vencimento), asc(boleto.id))
    .limit(MAX_BOLETOS);
}

/** The slip exactly as the PDF prints it (linha digitável from the bank when registered by API, Pix). */
async function slipOf(deps: PagadorDeps, garantiaId: number, boletoId: number): Promise<SlipData | null> {
  for await (const slip of slipsOf(deps.db, garantiaId, boletoId)) return slip;
  return null;
}

/**
 * POST /api/pagador/boletos (public, with the session of an identification): the person's open
 * boletos from every shop — shop, instalment n/N, due date, valor and valor atualizado (2% multa +
 * 0,33% ao dia once overdue, the slip's own instructions), the linha digitável, the Pix code when
 * there is one and an expiring link to the PDF — and the person's current channel choices. Nothing
 * else: no address, no other people, no paid history. Logged.
 */
export async function boletosDoPagador(deps: PagadorDeps, sessao: string, client: PublicClient) {
  const now = deps.now?.() ?? new Date();
  await admitPublicCall(deps.db, client, now.getTime());
  const s = pessoaDaSessao(deps.links, sessao);
  if (!s) {
    await recordPublicFailure(deps.db, client, now.getTime());
    throw sessaoExpirada();
  }
  const today = todayInSaoPaulo(now);
  const [p] = await deps.db.select({ nome: pessoa.nome_razao }).from(pessoa).where(eq(pessoa.id, s.pessoaId));
  if (!p) throw sessaoExpirada();
  const rows = await pagaveis(deps.db, s.pessoaId);
  const boletos = [];
  for (const r of rows) {
    const slip = await slipOf(deps, r.garantia_id, r.id);
    if (!slip) continue;
    boletos.push({
      id: r.id,
      loja: r.loja,
      parcela: slip.parcela,
      qtd_parcelas: slip.qtdParcelas,
      vencimento: slip.vencimento,
      valor: fromCents(slip.valorCents),
      valor_atualizado: fromCents(valorAtualizadoCents(slip.valorCents, slip.vencimento, today)),
      dias_atraso: diasDeAtraso(slip.vencimento, today),
      linha_digitavel: slip.digitableLine,
      pix: pixPayload(slip),
      pdf_url: pdfUrlPagador(deps.links, s.pessoaId, r.id),
    });
  }
  await registrarAcessoPagador(deps.db, client, { pessoaId: s.pessoaId, acao: 'listagem', detalhe: `${boletos.length} boleto(s) em aberto` });
  const [whatsappRecusado, emailRecusado] = await Promise.all([canalRecusado(deps.db, s.pessoaId, 'whatsapp'), canalRecusado(deps.db, s.pessoaId, 'email')]);
  return {
    nome: primeiroNome(p.nome),
    boletos,
    canais: { whatsapp: !whatsappRecusado, email: !emailRecusado },
    sessao_expira_em: s.expiraEm,
  };
}

/** "Maria" of "MARIA DA SILVA": the greeting needs no more (a company keeps its name). */
function primeiroNome(nome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? '';
  return first ? first.charAt(0).toUpperCase() + first.slice(1).toLowerCase() : '';
}

/**
 * GET /api/pagador/boleto/{id}/pdf?p&exp&sig (public): the slip's PDF while the signed link is valid
 * and the boleto can still be paid by that person. Logged. Answers the slip to stream.
 */
export async function pdfDoPagador(deps: PagadorDeps, boletoId: number, q: { p: string; exp: string; sig: string }, client: PublicClient) {
  const now = deps.now?.() ?? new Date();
  await admitPublicCall(deps.db, client, now.getTime());
  const pessoaId = verificarPdfPagador(deps.links, boletoId, q);
  if (!pessoaId) {
    await recordPublicFailure(deps.db, client, now.getTime());
    throw new AppError('NOT_FOUND', PAGADOR_MSG.linkExpirado);
  }
  const [row] = await pagaveis(deps.db, pessoaId, boletoId);
  const slip = row ? await slipOf(deps, row.garantia_id, boletoId) : null;
  if (!slip) throw new AppError('NOT_FOUND', PAGADOR_MSG.boletoIndisponivel);
  await registrarAcessoPagador(deps.db, client, { pessoaId, acao: 'boleto_pdf', boletoId, detalhe: `parcela ${slip.parcela}/${slip.qtdParcelas}, ${row.loja}`.slice(0, 200) });
  return slip;
}

