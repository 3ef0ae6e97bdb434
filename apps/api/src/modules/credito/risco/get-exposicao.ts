import { sql } from 'drizzle-orm';
import { centsToDecimalText, formatBRL, fromCents, toCents } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { assertAdmin } from '../../tenancy/access.js';
import { politicaPublicada } from '../politica-vigente.js';
import { lerPosicao } from './posicao.js';
import { pct, rowsOf } from './risco-sql.js';

export const RISCO_SO_ADMIN = 'O risco da carteira é restrito aos administradores.';
const TOP = 20;

type Linha = { boletos: number; valor_garantido: string; valor_vencido: string; valor_honrado: string; valor_pendente: string };
const c = (v: string | number | null) => toCents(v ?? 0);

/**
 * GET /api/risco/exposicao (administrador): the position now (docs/risco.md "Exposição") — the
 * guaranteed value outstanding in total, by shop and by CPF/CNPJ (the 20 largest), the use of the
 * published credit policy's limits (guaranteed + pending, as the policy counts) and every shop or
 * document over a limit. Reads the job's sums (risco_exposicao_total, _loja, _documento) and finds
 * what is over a limit through their indexes: no call aggregates risco_exposicao's ~45 000
 * shop×person rows at 1 M boletos (migration 0182; docs/performance.md "Risco da carteira").
 */
export async function getExposicao(db: DbOrTx, actor: Actor) {
  assertAdmin(actor, RISCO_SO_ADMIN);
  const politica = await politicaPublicada(db);
  const limiteLoja = politica?.limites.loja_cents ?? null;
  const limiteDoc = politica?.limites.documento_cents ?? null;
  const posicao = await lerPosicao(db);

  // before the job's first run there is no total row: zeros
  const [tot = { boletos: 0, valor_garantido: '0', valor_vencido: '0', valor_honrado: '0', valor_pendente: '0', lojas: 0, documentos: 0 }] = await rowsOf<Linha & { lojas: number; documentos: number }>(db, sql`
    select boletos, valor_garantido::text, valor_vencido::text, valor_honrado::text, valor_pendente::text, lojas, documentos
      from risco_exposicao_total where id = 1`);
  const [aging] = await rowsOf<{ total: string; v30: string; v90: string }>(db, sql`
    select coalesce(sum(valor), 0)::text as total,
           coalesce(sum(valor) filter (where faixa in ('C','D','E','F','G','H')), 0)::text as v30,
           coalesce(sum(valor) filter (where faixa in ('E','F','G','H')), 0)::text as v90
      from risco_aging_atual`);
  const total = c(tot.valor_garantido);

  const lojas = await rowsOf<Linha & { empresa_id: number; fantasia: string; razao: string; documentos: number }>(db, sql`
    select x.empresa_id, x.boletos, x.documentos, x.valor_garantido::text, x.valor_vencido::text, x.valor_honrado::text,
           x.valor_pendente::text, e.fantasia, e.razao
      from (select * from risco_exposicao_loja order by valor_garantido desc, empresa_id limit ${TOP}) x
      join empresa e on e.id = x.empresa_id
     order by x.valor_garantido desc, x.empresa_id`);
  const docs = await rowsOf<Linha & { pessoa_id: number; cpf_cnpj: string; nome: string; lojas: number }>(db, sql`
    select x.pessoa_id, x.lojas, x.boletos, x.valor_garantido::text, x.valor_vencido::text, x.valor_honrado::text, x.valor_pendente::text,
           p.cpf_cnpj, p.nome_razao as nome
      from (select * from risco_exposicao_documento order by valor_garantido desc, pessoa_id limit ${TOP}) x
      join pessoa p on p.id = x.pessoa_id
     order by x.valor_garantido desc, x.pessoa_id`);
  const uso = (l: Linha, limite: number | null) => ({
    limite: limite === null ? null : fromCents(limite),
    uso_percentual: limite === null ? null : pct(c(l.valor_garantido) + c(l.valor_pendente), limite),
  });
  const figuras = (l: Linha) => ({
    boletos: Number(l.boletos),
    valor_garantido: fromCents(c(l.valor_garantido)),
    valor_vencido: fromCents(c(l.valor_vencido)),
    valor_honrado: fromCents(c(l.valor_honrado)),
    participacao: pct(c(l.valor_garantido), total) ?? 0,
  });

  // every shop and document over a limit, not only the largest
  const alertas: Alerta[] = [];
  if (limiteLoja !== null) {
    const acima = await rowsOf<{ empresa_id: number; fantasia: string; exposicao: string }>(db, sql`
      select x.empresa_id, e.fantasia, x.exposicao::text from (
        select empresa_id, valor_garantido + valor_pendente as exposicao from risco_exposicao_loja
         where valor_garantido + valor_pendente > ${centsToDecimalText(limiteLoja)}::numeric) x
      join empresa e on e.id = x.empresa_id order by x.exposicao desc limit 100`);
    for (const a of acima) {
      const v = c(a.exposicao);
      alertas.push({ tipo: 'LOJA', empresa_id: Number(a.empresa_id), fantasia: a.fantasia, pessoa_id: null, cpf_cnpj: null, nome: null,
        valor_garantido: fromCents(v), limite: fromCents(limiteLoja), excesso: fromCents(v - limiteLoja),
        mensagem: `A loja ${a.fantasia} tem ${formatBRL(v)} garantidos ou pendentes, acima do limite por loja de ${formatBRL(limiteLoja)}.` });
    }
  }
  if (limiteDoc !== null) {
    const acima = await rowsOf<{ pessoa_id: number; cpf_cnpj: string; nome: string; exposicao: string }>(db, sql`
      select x.pessoa_id, p.cpf_cnpj, p.nome_razao as nome, x.exposicao::text from (
        select pessoa_id, valor_garantido + valor_pendente as exposicao from risco_exposicao_documento
         where valor_garantido + valor_pendente > ${centsToDecimalText(limiteDoc)}::numeric) x
      join pessoa p on p.id = x.pessoa_id order by x.exposicao desc limit 100`);
    for (const a of acima) {
      const v = c(a.exposicao);
      alertas.push({ tipo: 'DOCUMENTO', empresa_id: null, fantasia: null, pessoa_id: Number(a.pessoa_id), cpf_cnpj: a.cpf_cnpj, nome: a.nome,
        valor_garantido: fromCents(v), limite: fromCents(limiteDoc), excesso: fromCents(v - limiteDoc),
        mensagem: `${a.nome} tem ${formatBRL(v)} garantidos ou pendentes somando todas as lojas, acima do limite por CPF/CNPJ de ${formatBRL(limiteDoc)}.` });
    }
  }
  const naLoja = await rowsOf<{ empresa_id: number; fantasia: string; pessoa_id: number; cpf_cnpj: string; nome: string; exposicao: string; limite: string }>(db, sql`
    select e.id as empresa_id, e.fantasia, r.pessoa_id, p.cpf_cnpj, p.nome_razao as nome,
           r.exposicao::text as exposicao, e.limite_cpf_cnpj::text as limite
      from empresa e
      -- per shop with a limit, the range of risco_exposicao_empresa_exposicao_idx above it
      cross join lateral (
        select x.pessoa_id, x.valor_garantido + x.valor_pendente as exposicao from risco_exposicao x
         where x.empresa_id = e.id and x.valor_garantido + x.valor_pendente > e.limite_cpf_cnpj) r
      join pessoa p on p.id = r.pessoa_id
     where e.limite_cpf_cnpj > 0
     order by r.exposicao - e.limite_cpf_cnpj desc, e.id, r.pessoa_id limit 100`);
  for (const a of naLoja) {
    const v = c(a.exposicao);
    const l = c(a.limite);
    alertas.push({ tipo: 'DOCUMENTO_NA_LOJA', empresa_id: Number(a.empresa_id), fantasia: a.fantasia, pessoa_id: Number(a.pessoa_id), cpf_cnpj: a.cpf_cnpj, nome: a.nome,
      valor_garantido: fromCents(v), limite: fromCents(l), excesso: fromCents(v - l),
      mensagem: `${a.nome} tem ${formatBRL(v)} garantidos ou pendentes na loja ${a.fantasia}, acima do limite por CPF/CNPJ da loja de ${formatBRL(l)}.` });
  }

  return {
    ...posicao,
    total_garantido: fromCents(total),
    total_vencido: fromCents(c(tot.valor_vencido)),
    total_honrado: fromCents(c(tot.valor_honrado)),
    lojas: Number(tot.lojas),
    documentos: Number(tot.documentos),
    over30: pct(c(aging!.v30), c(aging!.total)) ?? 0,
    over90: pct(c(aging!.v90), c(aging!.total)) ?? 0,
    politica_publicada: politica !== null,
    por_loja: lojas.map((l) => ({ empresa_id: Number(l.empresa_id), fantasia: l.fantasia, razao: l.razao, documentos: Number(l.documentos), ...figuras(l), ...uso(l, limiteLoja) })),
    por_documento: docs.map((d) => ({ pessoa_id: Number(d.pessoa_id), cpf_cnpj: d.cpf_cnpj, nome: d.nome, lojas: Number(d.lojas), ...figuras(d), ...uso(d, limiteDoc) })),
    alertas,
  };
}

type Alerta = {
  tipo: 'LOJA' | 'DOCUMENTO' | 'DOCUMENTO_NA_LOJA';
  empresa_id: number | null;
  fantasia: string | null;
  pessoa_id: number | null;
  cpf_cnpj: string | null;
  nome: string | null;
  valor_garantido: number;
  limite: number;
  excesso: number;
  mensagem: string;
};
