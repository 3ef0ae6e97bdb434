import { centsToDecimalText, faixaDescricao, toCents, type FaixaRisco, type RiscoQuadro } from '@bg/domain';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../shared/actor.js';
import { getCuraAcordo } from './get-cura-acordo.js';
import { getExposicao } from './get-exposicao.js';
import { getPerdas } from './get-perdas.js';
import { getPrimeiroPagamento } from './get-primeiro-pagamento.js';
import { getProvisoes } from './get-provisoes.js';
import { getRolagem } from './get-rolagem.js';
import { getVintage } from './get-vintage.js';

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formula starts defused. */
function cell(value: string | number | null): string {
  const v = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
/** Money and percentages as spreadsheets in pt-BR read them: 1234,56. */
const dec = (v: number | null) => (v === null ? '' : centsToDecimalText(toCents(v)).replace('.', ','));
const mes = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(0, 4)}` : '');

type Q = { quadro: RiscoQuadro; de?: string; ate?: string; mes?: string };

/**
 * GET /api/risco/csv (administrador): one table of the screen as CSV — the same use-case the screen
 * reads, `;`-separated, decimal commas, UTF-8 with BOM (as the Faturamento's CSV).
 */
export async function riscoCsv(db: DbOrTx, actor: Actor, q: Q, hoje: string): Promise<{ filename: string; body: string }> {
  const linhas = await tabela(db, actor, q, hoje);
  const body = '\uFEFF' + linhas.map((l) => l.map(cell).join(';')).join('\r\n') + '\r\n';
  return { filename: `risco-${q.quadro.replace(/_/g, '-')}-${hoje}.csv`, body };
}

async function tabela(db: DbOrTx, actor: Actor, q: Q, hoje: string): Promise<(string | number | null)[][]> {
  switch (q.quadro) {
    case 'exposicao_lojas': {
      const e = await getExposicao(db, actor);
      return [['Loja', 'Razão social', 'Boletos', 'CPF/CNPJ', 'Valor garantido', 'Vencido', 'Honrado', 'Participação (%)', 'Limite', 'Uso do limite (%)'],
        ...e.por_loja.map((l) => [l.fantasia, l.razao, l.boletos, l.documentos, dec(l.valor_garantido), dec(l.valor_vencido), dec(l.valor_honrado), dec(l.participacao), dec(l.limite), dec(l.uso_percentual)])];
    }
    case 'exposicao_documentos': {
      const e = await getExposicao(db, actor);
      return [['CPF/CNPJ', 'Nome', 'Lojas', 'Boletos', 'Valor garantido', 'Vencido', 'Honrado', 'Participação (%)', 'Limite', 'Uso do limite (%)'],
        ...e.por_documento.map((d) => [d.cpf_cnpj, d.nome, d.lojas, d.boletos, dec(d.valor_garantido), dec(d.valor_vencido), dec(d.valor_honrado), dec(d.participacao), dec(d.limite), dec(d.uso_percentual)])];
    }
    case 'alertas': {
      const e = await getExposicao(db, actor);
      return [['Tipo', 'Loja', 'CPF/CNPJ', 'Nome', 'Valor', 'Limite', 'Excesso', 'Alerta'],
        ...e.alertas.map((a) => [a.tipo, a.fantasia, a.cpf_cnpj, a.nome, dec(a.valor_garantido), dec(a.limite), dec(a.excesso), a.mensagem])];
    }
    case 'vintage': {
      const v = await getVintage(db, actor, q, hoje);
      return [['Safra', 'Garantias', 'Valor aprovado', 'Mês na carteira', 'Mês', 'Acima de 30 dias (%)', 'Acima de 90 dias (%)'],
        ...v.safras.flatMap((s) => s.pontos.map((p) => [mes(s.safra), s.garantias, dec(s.valor), p.mob, mes(p.mes), dec(p.pct30), dec(p.pct90)]))];
    }
    case 'razoes': {
      const v = await getVintage(db, actor, q, hoje);
      return [['Mês', 'Carteira', 'Acima de 30 dias', 'Acima de 90 dias', 'Over-30 (%)', 'Over-90 (%)'],
        ...v.razoes.map((r) => [mes(r.mes), dec(r.carteira), dec(r.valor_30), dec(r.valor_90), dec(r.over30), dec(r.over90)])];
    }
    case 'rolagem': {
      const r = await getRolagem(db, actor, q);
      const nome = (f: string) => (f === 'PG' ? 'Saiu da carteira' : `${f} (${faixaDescricao(f as FaixaRisco)})`);
      return [['Mês', 'De', 'Para', 'Boletos', 'Valor', 'Taxa (%)'],
        ...r.linhas.flatMap((l) => l.destinos.map((d) => [mes(r.mes), nome(l.de), nome(d.para), d.boletos, dec(d.valor), dec(d.taxa)]))];
    }
    case 'primeiro_pagamento': {
      const f = await getPrimeiroPagamento(db, actor, q, hoje);
      return [['Safra', 'Garantias', 'Maduras', 'Inadimplentes no 1º pagamento', 'Taxa (%)', 'Valor 1ª parcela (maduras)', 'Valor inadimplente', 'Taxa em valor (%)'],
        ...f.safras.map((s) => [mes(s.safra), s.garantias, s.garantias_maduras, s.garantias_fpd, dec(s.taxa), dec(s.valor_maduro), dec(s.valor_fpd), dec(s.taxa_valor)])];
    }
    case 'cura_acordo': {
      const c = await getCuraAcordo(db, actor, q, hoje);
      return [['Mês do acordo', 'Acordos', 'Quitados', 'Em andamento', 'Cancelados', 'Valor (sem juros)', 'Valor quitado', 'Taxa de cura (%)'],
        ...c.meses.map((m) => [mes(m.mes), m.acordos, m.quitados, m.em_andamento, m.cancelados, dec(m.valor), dec(m.valor_quitado), dec(m.taxa_cura)])];
    }
    case 'perdas': {
      const p = await getPerdas(db, actor, q, hoje);
      return [['Loja', 'Honrado', 'Recuperado', 'Perda', 'Recuperação (%)'],
        ...p.lojas.map((l) => [l.fantasia, dec(l.honrado), dec(l.recuperado), dec(l.perda), dec(l.taxa_recuperacao)]),
        ['Total', dec(p.total.honrado), dec(p.total.recuperado), dec(p.total.perda), dec(p.total.taxa_recuperacao)]];
    }
    case 'provisoes': {
      const p = await getProvisoes(db, actor);
      return [['Faixa', 'Atraso', 'Boletos', 'Valor', 'Provisão (%)', 'Provisão'],
        ...p.faixas.map((f) => [f.faixa, f.descricao, f.boletos, dec(f.valor), dec(f.percentual), dec(f.provisao)]),
        ['Total', '', '', dec(p.total_valor), '', dec(p.total_provisao)]];
    }
  }
}
