import { eq, sql } from 'drizzle-orm';
import { addMonthsClamped, avaliarPolitica, formatProtocol, idadeEm, todayInSaoPaulo, toCents, type EntradasAvaliacao, type ResultadoCredito } from '@bg/domain';
import type { BureauAdapter } from '../../adapters/bureau/bureau.js';
import type { Db } from '../../db/client.js';
import { politicaCredito } from '../../db/schema/index.js';
import { notFound } from '../../errors/app-error.js';
import type { Actor } from '../../shared/actor.js';
import { assertAdmin } from '../tenancy/access.js';
import { limitesDe } from './politica-vigente.js';

const MAX_SOLICITACOES = 20000;
const MAX_MUDANCAS = 500;

type Linha = {
  id: number; digito: number; data: Date; loja: string; status: string; tipo_pessoa: string;
  data_nascimento: string | null; renda: string | null; parcelas: string[];
  av_resultado: ResultadoCredito | null; entradas: EntradasAvaliacao | null; inadimplente: boolean; garantida: boolean;
};

const PELO_STATUS: Record<string, ResultadoCredito | null> = { APROVADO: 'APROVAR', 'NÃO AUTORIZADO': 'NEGAR', PENDENTE: 'ANALISAR', CANCELADO: null };

/**
 * Runs a version (usually the draft) over the requests of the last `meses` months, writing nothing
 * (docs/credito.md "Simulação"). Each request is re-evaluated with the inputs stored at its
 * submission (garantia_avaliacao.entradas) — what the bureau and the exposure said then, not what
 * they say now; a request from before policies existed is rebuilt from its snapshot (renda, birth
 * date, instalments) without a score or restrictions (it counts as "sem score"). Answers the
 * approval rate, what would change against what was decided, and the default rate of the requests
 * it would approve among those that were guaranteed: a guarantee is in default when one of its
 * boletos was paid by the guarantor (QUITADO) or is open 30+ days past its due date.
 */
export async function simularPolitica(db: Db, _bureau: BureauAdapter, actor: Actor, id: number, meses: number) {
  assertAdmin(actor);
  const [p] = await db.select().from(politicaCredito).where(eq(politicaCredito.id, id));
  if (!p) throw notFound('Registro');
  const politica = { versao: p.versao, regras: p.regras, limites: limitesDe(p), liberacao_automatica: p.liberacao_automatica };
  const hoje = todayInSaoPaulo();
  const desde = addMonthsClamped(hoje, -meses);
  const result = await db.execute(sql`
    select g.id, g.digito, g.data, e.fantasia as loja, g.status, pe.tipo_pessoa,
           coalesce(gp.data_nascimento, pe.data_nascimento)::text as data_nascimento, gp.renda::text as renda,
           (select array_agg(b.valor::text order by b.parcela) from boleto b where b.garantia_id = g.id) as parcelas,
           a.resultado as av_resultado, a.entradas,
           exists (select 1 from boleto b where b.garantia_id = g.id
                    and (b.situacao = 'QUITADO'
                         or (b.situacao in ('DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO') and b.vencimento <= ${hoje}::date - 30))) as inadimplente,
           (g.status = 'APROVADO' or (g.status = 'CANCELADO' and g.libera_boleto = 'S')) as garantida
      from garantia g
      join empresa e on e.id = g.empresa_id
      join pessoa pe on pe.id = g.pessoa_id
      left join garantia_pessoa gp on gp.garantia_id = g.id
      left join garantia_avaliacao a on a.garantia_id = g.id
     where g.data >= (${desde}::date)::timestamp at time zone 'America/Sao_Paulo'
     order by g.data desc, g.id desc
     limit ${MAX_SOLICITACOES}`);
  const linhas = (result as { rows: Linha[] }).rows;
  const por_resultado = { APROVAR: 0, ANALISAR: 0, NEGAR: 0 };
  let aprovadasComHistorico = 0;
  let aprovadasInadimplentes = 0;
  const mudancas = [];
  for (const l of linhas) {
    const data = new Date(l.data);
    const entradas: EntradasAvaliacao = l.entradas ?? {
      tipo_pessoa: l.tipo_pessoa === 'J' ? 'J' : 'F',
      restricoes: [],
      score: null,
      idade: l.tipo_pessoa !== 'J' && l.data_nascimento ? idadeEm(l.data_nascimento, todayInSaoPaulo(data)) : null,
      renda_cents: l.renda === null ? null : toCents(l.renda),
      parcelas_cents: (l.parcelas ?? []).map(toCents),
      exposicao_documento_cents: 0,
      exposicao_loja_cents: 0,
    };
    const av = avaliarPolitica(politica, entradas);
    por_resultado[av.resultado] += 1;
    if (av.resultado === 'APROVAR' && l.garantida) {
      aprovadasComHistorico += 1;
      if (l.inadimplente) aprovadasInadimplentes += 1;
    }
    const atual = l.av_resultado ?? PELO_STATUS[l.status] ?? null;
    if (atual !== av.resultado && mudancas.length < MAX_MUDANCAS) {
      mudancas.push({
        garantia_id: l.id, protocolo: formatProtocol(l.id, l.digito), data, loja: l.loja, status_real: l.status,
        resultado_atual: atual, resultado_simulado: av.resultado, motivos: av.motivos.map((m) => m.texto), inadimplente: l.inadimplente,
      });
    }
  }
  const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((a * 10000) / b) / 100);
  return {
    versao: p.versao,
    meses,
    desde,
    solicitacoes: linhas.length,
    por_resultado,
    taxa_aprovacao: pct(por_resultado.APROVAR, linhas.length),
    inadimplencia_aprovadas: aprovadasComHistorico === 0 ? null : pct(aprovadasInadimplentes, aprovadasComHistorico),
    aprovadas_com_historico: aprovadasComHistorico,
    mudancas,
  };
}
