import { assinaturaConviteTexto, formatProtocol, protocolCheckDigit } from '@bg/domain';
import { line } from './loader.js';
import { Rng } from './prng.js';
import { GS, isoOf, tsOf, type Plan } from './model.js';
import { pessoaNome, pessoaPhone } from './emit-cadastros.js';
import type { Message } from './messages.js';
import type { Phase } from './phase.js';

/**
 * Signature requests for the duplicatas of a tenth of the released guarantees of the last six
 * months: most signed, the recent ones pending, some replaced by a second send. Their PDFs are
 * stored_file rows without files on disk.
 */
export type AssinaturaPlan = {
  id: number; g: number; day: number; sec: number; status: 'PENDENTE' | 'ASSINADA' | 'SUBSTITUIDA';
  signedDay: number; replacedDay: number; docFile: string; signedFile: string | null; whatsapp: Message; email: Message;
};

export function planAssinaturas(p: Plan, phase: Phase): AssinaturaPlan[] {
  const rng = new Rng(`${p.seed}:assinaturas`);
  const ga = p.garantia;
  const out: AssinaturaPlan[] = [];
  for (let g = 0; g < ga.n; g++) {
    if (ga.status[g] !== GS.APROVADO || !ga.libera[g] || ga.releasedDay[g] < p.today - 180 || !rng.chance(0.1)) continue;
    const sends = rng.chance(0.1) ? 2 : 1;
    let day = Math.min(p.today, ga.releasedDay[g] + rng.int(0, 2));
    for (let s = 1; s <= sends; s++) {
      const sec = 9 * 3600 + rng.int(0, 9 * 3600);
      const last = s === sends;
      const signedDay = last && day + 5 < p.today && rng.chance(0.8) ? day + rng.int(0, 5) : -1;
      const replacedDay = last ? -1 : Math.min(p.today, day + rng.int(1, 6));
      const status = !last ? 'SUBSTITUIDA' : signedDay >= 0 ? 'ASSINADA' : 'PENDENTE';
      const pessoa = ga.pessoa[g];
      const protocolo = formatProtocol(ga.firstId + g, protocolCheckDigit(ga.firstId + g));
      const convite = assinaturaConviteTexto({
        nome: pessoaNome(p, pessoa), loja: 'a loja', protocolo, parcelas: ga.qtd[g], totalCents: 0,
        link: `https://app.boletogarantido.com.br/assinatura/${rng.hex(43)}`, expiraEm: new Date(tsOf(day + 7, sec)),
      });
      const id = phase.ids.next('assinatura_solicitacao');
      const about = { day, sec, entity: 'assinatura', entityId: String(id), link: null, user: ga.usuario[g], id: 0, text: convite.text };
      out.push({
        id, g, day, sec, status, signedDay, replacedDay, docFile: rng.uuid(), signedFile: signedDay >= 0 ? rng.uuid() : null,
        whatsapp: { ...about, channel: 'whatsapp', recipient: pessoaPhone(p, pessoa), subject: null },
        email: { ...about, sec: sec + 1, channel: 'email', recipient: `cliente${p.pessoa.firstId + pessoa}@example.com.br`, subject: convite.subject },
      });
      if (!last) day = replacedDay;
    }
  }
  return out;
}

export function* assinaturaFileLines(p: Plan, plans: AssinaturaPlan[]) {
  const rng = new Rng(`${p.seed}:assinatura-files`);
  for (const a of plans) {
    const id = p.garantia.firstId + a.g;
    yield line([a.docFile, `assinaturas/${id}/${a.docFile}.pdf`, `duplicatas-${id}.pdf`, 'application/pdf', rng.int(20_000, 60_000), rng.hex(64), p.garantia.usuario[a.g], tsOf(a.day, a.sec)]);
    if (a.signedFile) yield line([a.signedFile, `assinaturas/${id}/${a.signedFile}.pdf`, `duplicatas-${id}-assinadas.pdf`, 'application/pdf', rng.int(30_000, 90_000), rng.hex(64), null, tsOf(a.signedDay, 20 * 3600)]);
  }
}

export function* assinaturaLines(p: Plan, plans: AssinaturaPlan[]) {
  const rng = new Rng(`${p.seed}:assinatura-rows`);
  for (const a of plans) {
    const g = a.g;
    const pessoa = p.garantia.pessoa[g];
    const nome = pessoaNome(p, pessoa);
    const doc = p.pessoa.docs[pessoa];
    const created = tsOf(a.day, a.sec);
    const signed = a.signedDay >= 0 ? tsOf(a.signedDay, 20 * 3600) : null;
    const opened = signed ?? (rng.chance(0.5) ? tsOf(Math.min(p.today, a.day + 1), 12 * 3600) : null);
    const resumo = { protocolo: formatProtocol(p.garantia.firstId + g, protocolCheckDigit(p.garantia.firstId + g)), emissao: isoOf(a.day), emitente: { razao: `Empresa ${p.empresas[p.garantia.empresa[g]].id}`, cnpj: p.empresas[p.garantia.empresa[g]].cnpj }, parcelas: [], totalCents: 0, tamanho: 40_000 };
    yield line([
      a.id, p.garantia.firstId + g, rng.hex(64), a.status, tsOf(a.day + 7, a.sec), `cliente${p.pessoa.firstId + pessoa}@example.com.br`, a.whatsapp.recipient, nome, doc,
      a.docFile, rng.hex(64), JSON.stringify(resumo), a.whatsapp.id, a.email.id, p.garantia.usuario[g], '10.0.0.1', created,
      opened, opened ? '200.100.50.25' : null, opened ? 'Mozilla/5.0 (Linux; Android 14)' : null, opened,
      signed, signed ? nome : null, signed ? doc : null, signed ? '200.100.50.25' : null, signed ? 'Mozilla/5.0 (Linux; Android 14)' : null,
      signed ? 'Li e aceito as duplicatas.' : null, signed ? 'EVIDENCIAS' : null, null, a.signedFile, signed ? rng.hex(64) : null,
      a.replacedDay >= 0 ? tsOf(a.replacedDay, 10 * 3600) : null,
    ]);
  }
}
export const ASSINATURA_COLUMNS = ['id', 'garantia_id', 'token_hash', 'status', 'expires_at', 'email', 'telefone', 'sacado_nome', 'sacado_cpf_cnpj', 'documento_file_id', 'documento_sha256', 'documento_resumo', 'mensagem_whatsapp_id', 'mensagem_email_id', 'created_by', 'created_ip', 'created_at', 'opened_at', 'opened_ip', 'opened_user_agent', 'documento_aberto_em', 'signed_at', 'signer_nome', 'signer_cpf_cnpj', 'signer_ip', 'signer_user_agent', 'aceite_texto', 'tipo', 'certificado_titular', 'assinado_file_id', 'assinado_sha256', 'substituida_em'];
