import { formatBRL, formatCpfCnpj, formatDateBR, formatDateTimeBR, formatProtocol, MESES_NOMES, toCents } from '@bg/domain';
import { escapeHtml as e } from '../garantia/html.js';
import type { FechamentoData } from './fechamento-data.js';

const brl = (v: number) => formatBRL(toCents(v));
/** A money cell; negative figures carry the class `negativo` (the page colours them). */
const moneyCell = (v: number) => `<td class="valor${v < 0 ? ' negativo' : ''}">${e(brl(v))}</td>`;

/**
 * The Fechamento as HTML (spec §2: "renders HTML supplied by the server"). Built from structured
 * data with fixed tags only (section, h2, h3, p, table); every interpolated value goes through
 * escapeHtml (docs/decisions/021-server-escaped-html.md), so the page may render it as trusted
 * markup. The look comes from the page's stylesheet (classes only, no inline style).
 */
export function fechamentoHtml(f: FechamentoData): string {
  const r = f.resumo;
  const titulo = `Fechamento de ${MESES_NOMES[f.mes - 1]}/${f.ano} — ${f.empresa.fantasia}`;
  const resumo: [string, number, string][] = [
    ['Repasse Bruto', r.total_boletos, 'boletos liquidados e baixados no mês'],
    ['Recebido Estab', r.recebido_estabelecimento, 'boletos pagos diretamente à loja (baixas)'],
    ['Serviços Premium', r.servicos_premium, 'consultas + mensalidade + taxas de antecipação'],
    ['Repasse Líquido', r.repasse_liquido, 'repasse bruto − recebido estab − serviços premium'],
    ['Recebido Premium', r.recebido_premium, 'pago pelo banco (liquidações)'],
    ['Receita', r.receita, 'recebido premium − repasse líquido'],
  ];
  const boletos = f.boletos
    .map(
      (b) =>
        `<tr><td>${e(formatProtocol(b.garantia_id, b.garantia_digito))}</td><td>${e(String(b.parcela).padStart(2, '0'))}</td><td>${e(b.nome_razao)}</td>` +
        `<td>${e(formatCpfCnpj(b.cpf_cnpj))}</td><td>${e(formatDateBR(b.vencimento))}</td><td>${e(b.situacao)}</td>` +
        `<td>${e(formatDateTimeBR(b.data_evento))}</td>${moneyCell(b.valor)}</tr>`,
    )
    .join('');
  const antecipacoes = f.antecipacoes
    .map(
      (a) =>
        `<tr><td>Antecipação nº ${e(a.id)} aprovada em ${e(formatDateTimeBR(a.decidido_em))} (boletos ${e(brl(a.total_boletos))}: ` +
        `prorata ${e(brl(a.total_prorata))}, taxa ${e(brl(a.total_taxa_antecipacao))}, taxa básica ${e(brl(a.taxa_basica))})</td>${moneyCell(a.total_taxas)}</tr>`,
    )
    .join('');
  return [
    `<section class="fechamento">`,
    `<h2>${e(titulo)}</h2>`,
    `<p>${e(f.empresa.razao)} — CNPJ ${e(formatCpfCnpj(f.empresa.cnpj))}</p>`,
    `<table class="resumo"><tbody>`,
    ...resumo.map(([label, v, hint]) => `<tr><th>${e(label)}</th>${moneyCell(v)}<td class="hint">${e(hint)}</td></tr>`),
    `</tbody></table>`,
    `<h3>Boletos liquidados e baixados</h3>`,
    f.boletos.length
      ? `<table class="boletos"><thead><tr><th>Garantia</th><th>Parcela</th><th>Cliente</th><th>CPF/CNPJ</th><th>Vencimento</th><th>Situação</th><th>Data</th><th>Valor</th></tr></thead>` +
        `<tbody>${boletos}</tbody><tfoot><tr><th colspan="7">Total (Repasse Bruto)</th>${moneyCell(r.total_boletos)}</tr></tfoot></table>`
      : `<p>Nenhum boleto liquidado ou baixado no mês.</p>`,
    `<h3>Serviços Premium</h3>`,
    `<table class="servicos"><tbody>`,
    `<tr><td>Consultas: ${e(f.consultas)} × ${e(brl(f.valor_consulta))}</td>${moneyCell(f.total_consultas)}</tr>`,
    `<tr><td>Mensalidade</td>${moneyCell(f.mensalidade)}</tr>`,
    antecipacoes,
    `</tbody><tfoot><tr><th>Total (Serviços Premium)</th>${moneyCell(r.servicos_premium)}</tr></tfoot></table>`,
    `</section>`,
  ].join('');
}
