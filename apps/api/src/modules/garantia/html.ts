import { formatBRL, formatCpfCnpj, formatDateBR } from '@bg/domain';
import type { Restricao, ResultadoAnalitica, ResultadoRestritiva } from '../../adapters/bureau/bureau.js';

/**
 * The HTML the lookup and the bureau queries answer (spec §3 "consulta (HTML text)"). Every value
 * that came from a user or a provider is escaped here, once, so the web can render the text as
 * trusted markup (docs/decisions/021).
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function lookupRestrictionsHtml(documento: string, itens: Restricao[]): string {
  const lis = itens.map((i) => `<li data-codigo="${escapeHtml(i.codigo)}">${escapeHtml(i.descricao)}</li>`).join('');
  return `<div class="consulta-restricoes"><p>Restrições encontradas para o documento ${escapeHtml(formatCpfCnpj(documento))}:</p><ul>${lis}</ul></div>`;
}

export function restritivaHtml(r: ResultadoRestritiva): string {
  const itens = r.itens.length
    ? `<ul>${r.itens.map((i) => `<li data-codigo="${escapeHtml(i.codigo)}">${escapeHtml(i.descricao)}</li>`).join('')}</ul>`
    : '<p>Nenhuma restrição encontrada.</p>';
  const alertas = r.alertas.length ? `<p><strong>Alertas:</strong></p><ul>${r.alertas.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` : '';
  return `<div class="consulta-restritiva"><p><strong>Situação:</strong> ${r.restrito ? 'COM RESTRIÇÃO' : 'SEM RESTRIÇÃO'}</p>${itens}${alertas}<p class="fonte">Fonte: ${escapeHtml(r.provider)}</p></div>`;
}

export function analiticaHtml(r: ResultadoAnalitica): string {
  const motivos = r.motivos
    .map((m) => `<tr><td>${escapeHtml(m.descricao)}</td><td style="text-align:right">${m.pontos > 0 ? '+' : ''}${m.pontos}</td></tr>`)
    .join('');
  const resumo = Object.entries(r.resumo)
    .map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td style="text-align:right">${escapeHtml(/^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? formatDateBR(String(v)) : (v ?? '—'))}</td></tr>`)
    .join('');
  return (
    `<div class="consulta-analitica"><p><strong>Score:</strong> <span class="score">${r.score}</span> — risco ${escapeHtml(r.faixa)}</p>` +
    `<table><thead><tr><th>Motivo</th><th>Pontos</th></tr></thead><tbody>${motivos}</tbody></table>` +
    `<table><thead><tr><th>Histórico</th><th>Quantidade</th></tr></thead><tbody>${resumo}</tbody></table>` +
    `<p class="fonte">Fonte: ${escapeHtml(r.provider)}</p></div>`
  );
}

export function limitText(cents: number): string {
  return formatBRL(cents);
}
