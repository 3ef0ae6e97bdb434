import { eq, sql } from 'drizzle-orm';
import { ANTECIPACAO_SITUACAO, inicioDoMes, SITUACAO, somaMeses, type MesAno } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { empresa } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { faturamentoLinhas, money, presentFiguras, rowsOf } from './faturamento-sql.js';
import { ADMIN_ONLY, assertAdmin } from '../tenancy/access.js';

export type FechamentoInput = MesAno & { empresa_id: number };

const SP = sql.raw(`'America/Sao_Paulo'`);
const monthStart = (m: MesAno) => sql`(${inicioDoMes(m)}::date)::timestamp at time zone ${SP}`;

type BoletoRow = {
  id: number; garantia_id: number; garantia_digito: number; parcela: number; nome_razao: string; cpf_cnpj: string;
  vencimento: string; valor: string; situacao: 'LIQUIDADO' | 'BAIXADO'; data_evento: Date | string;
};
type AntecipacaoRow = {
  id: number; decidido_em: Date | string; total_boletos: string; total_prorata: string; total_taxa_antecipacao: string; taxa_basica: string; total_taxas: string;
};

/**
 * The Fechamento of one empresa and month (DOMAIN.md Reports): the Faturamento row of that empresa
 * — the same SQL, so both reports agree to the centavo — and, boleto by boleto, what is behind it:
 * the boletos that reached LIQUIDADO or BAIXADO in the month, the consultas, the mensalidade and
 * the advances approved in the month. An empresa not billed that month (not yet registered, or
 * blocked without movement) shows zeros.
 */
export async function fechamentoData(db: DbOrTx, actor: Actor, input: FechamentoInput) {
  assertAdmin(actor, ADMIN_ONLY);
  const periodo = { mes: input.mes, ano: input.ano };
  const [emp] = await db.select({ id: empresa.id, razao: empresa.razao, fantasia: empresa.fantasia, cnpj: empresa.cnpj, valor_consulta: empresa.valor_consulta }).from(empresa).where(eq(empresa.id, input.empresa_id));
  if (!emp) throw notFound('Empresa');
  const [linha] = await faturamentoLinhas(db, { from: periodo, to: periodo, empresaId: emp.id });
  const t0 = monthStart(periodo);
  const t1 = monthStart(somaMeses(periodo, 1));

  const boletos = await rowsOf<BoletoRow>(
    db,
    sql`with eventos as (
          select distinct on (h.boleto_id) h.boleto_id, h.para, h.created_at
            from boleto_historico h
           where h.para in (${SITUACAO.LIQUIDADO}, ${SITUACAO.BAIXADO}) and h.created_at >= ${t0} and h.created_at < ${t1}
           order by h.boleto_id, h.created_at, h.id
        )
        select b.id, g.id as garantia_id, g.digito as garantia_digito, b.parcela, p.nome_razao, p.cpf_cnpj,
               to_char(b.vencimento, 'YYYY-MM-DD') as vencimento, b.valor::text as valor, e.para as situacao, e.created_at as data_evento
          from eventos e
          join boleto b on b.id = e.boleto_id
          join garantia g on g.id = b.garantia_id
          join pessoa p on p.id = g.pessoa_id
         where g.empresa_id = ${emp.id}
         order by e.created_at, b.id`,
  );
  const antecipacoes = await rowsOf<AntecipacaoRow>(
    db,
    sql`select a.id, a.decidido_em, a.total_boletos::text as total_boletos, a.total_prorata::text as total_prorata,
               a.total_taxa_antecipacao::text as total_taxa_antecipacao, a.taxa_basica::text as taxa_basica,
               (a.total_prorata + a.total_taxa_antecipacao + a.taxa_basica)::text as total_taxas
          from antecipacao a
         where a.empresa_id = ${emp.id} and a.situacao = ${ANTECIPACAO_SITUACAO.APROVADA} and a.decidido_em >= ${t0} and a.decidido_em < ${t1}
         order by a.decidido_em, a.id`,
  );
  const zero = { total_boletos: '0', recebido_estabelecimento: '0', servicos_premium: '0', repasse_liquido: '0', recebido_premium: '0', receita: '0' };

  return {
    mes: periodo.mes,
    ano: periodo.ano,
    empresa: { id: emp.id, razao: emp.razao, fantasia: emp.fantasia, cnpj: emp.cnpj },
    resumo: presentFiguras(linha ?? zero),
    consultas: linha?.consultas ?? 0,
    valor_consulta: money(emp.valor_consulta),
    total_consultas: money(linha?.total_consultas ?? '0'),
    mensalidade: money(linha?.mensalidade ?? '0'),
    total_antecipacoes: money(linha?.taxas_antecipacao ?? '0'),
    boletos: boletos.map((b) => ({
      ...b,
      id: Number(b.id),
      garantia_id: Number(b.garantia_id),
      garantia_digito: Number(b.garantia_digito),
      parcela: Number(b.parcela),
      valor: money(b.valor),
      data_evento: new Date(b.data_evento),
    })),
    antecipacoes: antecipacoes.map((a) => ({
      id: Number(a.id),
      decidido_em: new Date(a.decidido_em),
      total_boletos: money(a.total_boletos),
      total_prorata: money(a.total_prorata),
      total_taxa_antecipacao: money(a.total_taxa_antecipacao),
      taxa_basica: money(a.taxa_basica),
      total_taxas: money(a.total_taxas),
    })),
  };
}

export type FechamentoData = Awaited<ReturnType<typeof fechamentoData>>;
