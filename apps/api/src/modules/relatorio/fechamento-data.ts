import { eq, inArray, sql } from 'drizzle-orm';
import { canalPagamento, canalPagamentoNome, inicioDoMes, toCents, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { antecipacao, boleto, empresa, garantia, pessoa, retornoItem } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { lancamentosDaLojaNoMes, type LancamentoDoMes } from '../ledger/relatorio-saldos.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';
import { faturamentoLinhas, money, presentFiguras } from './faturamento-sql.js';
import { recebidoPorCanal } from './recebido-por-canal.js';

export type FechamentoInput = MesAno & { empresa_id: number };

const ZERO = { total_boletos: '0', recebido_estabelecimento: '0', servicos_premium: '0', repasse_liquido: '0', recebido_premium: '0', receita: '0' };

/**
 * The channel of a boleto's applied liquidação (issue 26: stored for the bank APIs' payments, null
 * for a CNAB line), read with the boleto's details — one statement for every boleto of the month,
 * on `retorno_item_movimento_key (boleto_id, movimento, …)`. The newest one if a boleto ever had two.
 */
const canalDaLiquidacao = sql<string | null>`(select ${retornoItem.canal} from ${retornoItem}
  where ${retornoItem.boleto_id} = ${boleto.id} and ${retornoItem.movimento} = '06' and ${retornoItem.resultado} = 'APLICADO'
  order by ${retornoItem.id} desc limit 1)`;

/** A boleto's payment of the month: at the bank (the transit account got money) or to the shop (the memo account). */
const pagamento = (l: LancamentoDoMes) => l.boletoId !== null && (l.pagoNoBancoCents !== 0 || (l.valores.memo_recebido_loja ?? 0) !== 0);
const v = (l: LancamentoDoMes, code: keyof LancamentoDoMes['valores']) => l.valores[code] ?? 0;

/**
 * The Fechamento of one empresa and month (DOMAIN.md Reports): the Faturamento row of that empresa
 * — the same monthly balances, so both reports agree to the centavo — and, boleto by boleto, what
 * is behind it, read from the shop's ledger entries of the month (by the bank's dates): each boleto
 * the bank paid (valor pago, encargos, tarifa, data de crédito) or the customer paid to the shop,
 * the consultas, the mensalidade and the advance fees; each bank payment's channel (Pix, agência…)
 * and what the bank paid through each channel. An empresa not billed that month (not yet
 * registered, or blocked without movement) shows zeros.
 */
export async function fechamentoData(db: DbOrTx, actor: Actor, input: FechamentoInput) {
  assertAdmin(actor, ADMIN_ONLY);
  const periodo = { mes: input.mes, ano: input.ano };
  const [emp] = await db.select({ id: empresa.id, razao: empresa.razao, fantasia: empresa.fantasia, cnpj: empresa.cnpj, valor_consulta: empresa.valor_consulta }).from(empresa).where(eq(empresa.id, input.empresa_id));
  if (!emp) throw notFound('Empresa');
  const [linha] = await faturamentoLinhas(db, { from: periodo, to: periodo, empresaId: emp.id });
  const lancamentos = await lancamentosDaLojaNoMes(db, emp.id, inicioDoMes(periodo));

  const pagamentos = lancamentos.filter(pagamento);
  const boletoIds = [...new Set(pagamentos.map((l) => l.boletoId!))];
  const detalhes = boletoIds.length
    ? await db
        .select({ id: boleto.id, garantia_id: garantia.id, garantia_digito: garantia.digito, parcela: boleto.parcela, nome_razao: pessoa.nome_razao, cpf_cnpj: pessoa.cpf_cnpj, vencimento: boleto.vencimento, canal: canalDaLiquidacao })
        .from(boleto)
        .innerJoin(garantia, eq(garantia.id, boleto.garantia_id))
        .innerJoin(pessoa, eq(pessoa.id, garantia.pessoa_id))
        .where(inArray(boleto.id, boletoIds))
    : [];
  const porId = new Map(detalhes.map((d) => [d.id, d]));

  const fees = lancamentos.filter((l) => l.antecipacaoId !== null && (v(l, 'receita_antecipacao_prorata') || v(l, 'receita_antecipacao_taxa') || v(l, 'receita_antecipacao_taxa_basica')));
  const antecipacaoIds = [...new Set(fees.map((l) => l.antecipacaoId!))];
  const pedidos = antecipacaoIds.length
    ? await db.select({ id: antecipacao.id, decidido_em: antecipacao.decidido_em, total_boletos: antecipacao.total_boletos }).from(antecipacao).where(inArray(antecipacao.id, antecipacaoIds))
    : [];
  const pedidoPorId = new Map(pedidos.map((p) => [p.id, p]));

  const consultas = lancamentos.filter((l) => v(l, 'receita_consulta') !== 0);
  const totalConsultas = consultas.reduce((s, l) => s + v(l, 'receita_consulta'), 0);
  const mensalidade = lancamentos.reduce((s, l) => s + v(l, 'receita_mensalidade'), 0);
  // the channel is a bank payment's: a boleto the customer paid to the shop has none
  const canalDe = (l: LancamentoDoMes) => (l.pagoNoBancoCents !== 0 ? canalPagamento(porId.get(l.boletoId!)!.canal) : null);

  return {
    mes: periodo.mes,
    ano: periodo.ano,
    empresa: { id: emp.id, razao: emp.razao, fantasia: emp.fantasia, cnpj: emp.cnpj },
    resumo: presentFiguras(linha ?? ZERO),
    // a reversal (estorno) of a consulta counts as one less
    consultas: consultas.reduce((n, l) => n + Math.sign(v(l, 'receita_consulta')), 0),
    valor_consulta: money(toCents(emp.valor_consulta ?? '0')),
    total_consultas: money(totalConsultas),
    mensalidade: money(mensalidade),
    total_antecipacoes: money(fees.reduce((s, l) => s + v(l, 'receita_antecipacao_prorata') + v(l, 'receita_antecipacao_taxa') + v(l, 'receita_antecipacao_taxa_basica'), 0)),
    boletos: pagamentos.map((l) => {
      const b = porId.get(l.boletoId!)!;
      const recebidoLoja = v(l, 'memo_recebido_loja');
      return {
        id: b.id,
        garantia_id: b.garantia_id,
        garantia_digito: b.garantia_digito,
        parcela: b.parcela,
        nome_razao: b.nome_razao,
        cpf_cnpj: b.cpf_cnpj,
        vencimento: b.vencimento,
        situacao: l.pagoNoBancoCents !== 0 ? ('LIQUIDADO' as const) : ('BAIXADO' as const),
        data: l.occurredOn,
        // its part of Repasse Bruto: the principal the bank paid (what it paid − encargos + what it paid short), or what the shop received
        valor: money(l.pagoNoBancoCents - v(l, 'receita_encargos') + v(l, 'despesa_desconto') + recebidoLoja),
        valor_pago: money(l.pagoNoBancoCents),
        encargos: money(v(l, 'receita_encargos')),
        tarifa: money(v(l, 'despesa_tarifa')),
        canal: canalDe(l),
        canal_nome: canalPagamentoNome(canalDe(l)),
      };
    }),
    recebido_por_canal: recebidoPorCanal(pagamentos.filter((l) => l.pagoNoBancoCents !== 0).map((l) => ({ canal: canalDe(l), pagoNoBancoCents: l.pagoNoBancoCents }))),
    antecipacoes: antecipacaoIds.map((id) => {
      const linhas = fees.filter((l) => l.antecipacaoId === id);
      const soma = (code: keyof LancamentoDoMes['valores']) => linhas.reduce((s, l) => s + v(l, code), 0);
      const p = pedidoPorId.get(id);
      const prorata = soma('receita_antecipacao_prorata');
      const taxa = soma('receita_antecipacao_taxa');
      const basica = soma('receita_antecipacao_taxa_basica');
      return {
        id,
        data: linhas[0].occurredOn,
        decidido_em: p?.decidido_em ?? null,
        total_boletos: money(toCents(p?.total_boletos ?? '0')),
        total_prorata: money(prorata),
        total_taxa_antecipacao: money(taxa),
        taxa_basica: money(basica),
        total_taxas: money(prorata + taxa + basica),
      };
    }),
  };
}

export type FechamentoData = Awaited<ReturnType<typeof fechamentoData>>;
