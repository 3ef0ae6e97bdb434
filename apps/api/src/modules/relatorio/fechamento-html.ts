import { formatBRL, fromCents, formatCpfCnpj, formatDateBR, formatProtocol, MESES_NOMES, toCents } from '@bg/domain';
import { escapeHtml as e } from '../garantia/html.js';
import type { FechamentoData } from './fechamento-data.js';

const brl = (v: number) => formatBRL(toCents(v));
/** A money cell; negative figures carry the class `negativo` (the page colours them). */
const moneyCell = (v: number) => `<td class="valor${v < 0 ? ' negativo' : ''}">${e(brl(v))}</td>`;
const FORMA = { LIQUIDADO: 'Pago no banco', BAIXADO: 'Recebido pela loja' } as const;

/** "Consultas: 3 × R$ 3,50" when every consulta of the month cost the current price, else the count alone. */
export function consultasTexto(f: Pick<FechamentoData, 'consultas' | 'valor_consulta' | 'total_consultas'>): string {
  const porPreco = f.consultas * toCents(f.valor_consulta) === toCents(f.total_consultas);
  return porPreco ? `Consultas: ${f.consultas} × ${brl(f.valor_consulta)}` : `Consultas: ${f.consultas}`;
}

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
    ['Repasse Bruto', r.total_boletos, 'valor dos boletos pagos no mês, no banco ou à loja'],
    ['Recebido Estab', r.recebido_estabelecimento, 'boletos pagos diretamente à loja (baixas)'],
    ['Serviços Premium', r.servicos_premium, 'consultas + mensalidade + taxas de antecipação'],
    ['Repasse Líquido', r.repasse_liquido, 'repasse bruto − recebido estab − serviços premium'],
    ['Recebido Premium', r.recebido_premium, 'pago pelo banco (liquidações, com juros e multa)'],
    ['Receita', r.receita, 'recebido premium − repasse líquido'],
  ];
  const sum = (pick: (b: FechamentoData['boletos'][number]) => number) => fromCents(f.boletos.reduce((s, b) => s + toCents(pick(b)), 0));
  const boletos = f.boletos
    .map(
      (b) =>
        `<tr><td>${e(formatProtocol(b.garantia_id, b.garantia_digito))}</td><td>${e(String(b.parcela).padStart(2, '0'))}</td><td>${e(b.nome_razao)}</td>` +
        `<td>${e(formatCpfCnpj(b.cpf_cnpj))}</td><td>${e(formatDateBR(b.vencimento))}</td><td>${e(FORMA[b.situacao])}</td><td>${e(b.canal_nome)}</td>` +
        `<td>${e(formatDateBR(b.data))}</td>${moneyCell(b.valor)}${moneyCell(b.valor_pago)}${moneyCell(b.encargos)}${moneyCell(b.tarifa)}</tr>`,
    )
    .join('');
  const canais = f.recebido_por_canal
    .map((c) => `<tr><td>${e(c.nome)}</td><td class="valor">${e(c.quantidade)}</td>${moneyCell(c.valor_pago)}</tr>`)
    .join('');
  const antecipacoes = f.antecipacoes
    .map(
      (a) =>
        `<tr><td>Antecipação nº ${e(a.id)} aprovada em ${e(formatDateBR(a.data))} (boletos ${e(brl(a.total_boletos))}: ` +
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
    `<h3>Recebido por canal</h3>`,
    f.recebido_por_canal.length
      ? `<table class="canais"><thead><tr><th>Canal</th><th>Boletos</th><th>Pago no banco</th></tr></thead><tbody>${canais}</tbody>` +
        `<tfoot><tr><th>Total (Recebido Premium)</th><td class="valor">${e(f.recebido_por_canal.reduce((n, c) => n + c.quantidade, 0))}</td>${moneyCell(r.recebido_premium)}</tr></tfoot></table>` +
        `<p class="hint">Como o cliente pagou no banco (Pix, agência, internet…), informado pela API do banco; “—”: sem canal (retorno CNAB).</p>`
      : `<p>Nenhum boleto pago no banco no mês.</p>`,
    `<h3>Boletos liquidados e baixados</h3>`,
    `<p class="hint">Pelas datas do banco: o mês da data de crédito (ou da ocorrência, sem crédito); a baixa, pelo dia em que a loja a registrou.</p>`,
    f.boletos.length
      ? `<table class="boletos"><thead><tr><th>Garantia</th><th>Parcela</th><th>Cliente</th><th>CPF/CNPJ</th><th>Vencimento</th><th>Forma</th><th>Canal</th><th>Data</th>` +
        `<th>Valor</th><th>Pago no banco</th><th>Juros e multa</th><th>Tarifa</th></tr></thead>` +
        `<tbody>${boletos}</tbody><tfoot><tr><th colspan="8">Totais (Repasse Bruto; Recebido Premium)</th>${moneyCell(r.total_boletos)}${moneyCell(r.recebido_premium)}` +
        `${moneyCell(sum((b) => b.encargos))}${moneyCell(sum((b) => b.tarifa))}</tr></tfoot></table>`
      : `<p>Nenhum boleto liquidado ou baixado no mês.</p>`,
    `<h3>Serviços Premium</h3>`,
    `<table class="servicos"><tbody>`,
    `<tr><td>${e(consultasTexto(f))}</td>${moneyCell(f.total_consultas)}</tr>`,
    `<tr><td>Mensalidade</td>${moneyCell(f.mensalidade)}</tr>`,
    antecipacoes,
    `</tbody><tfoot><tr><th>Total (Serviços Premium)</th>${moneyCell(r.servicos_premium)}</tr></tfoot></table>`,
    `</section>`,
  ].join('');
}
