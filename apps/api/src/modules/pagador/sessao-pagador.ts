import { PAGADOR_SESSAO_MINUTOS } from '@bg/domain';
import type { FileLinkSigner } from '../files/signed-link.js';

/**
 * The payer page's credentials (decision 116): after an identification, a session token scoped to
 * one person; for each listed boleto, an expiring signed address of its PDF. Both are HMACs of the
 * app's file-link signer (FILE_LINK_SECRET, else the JWT secret) over a subject that no stored file
 * can have (file ids are UUIDs), so neither opens /api/arquivo and no file link opens these.
 */
export const PDF_LINK_SEGUNDOS = 10 * 60;

type Signer = Pick<FileLinkSigner, 'url' | 'verify'>;

const sessaoSubject = (pessoaId: number) => `pagador-sessao:${pessoaId}`;
const pdfSubject = (pessoaId: number, boletoId: number) => `pagador-pdf:${pessoaId}:${boletoId}`;

/** exp and sig of the signer's link for `subject`. */
function sign(signer: Signer, subject: string, ttlSeconds: number): { exp: string; sig: string } {
  const query = new URLSearchParams(signer.url(subject, ttlSeconds).split('?')[1] ?? '');
  return { exp: query.get('exp') ?? '', sig: query.get('sig') ?? '' };
}

/** `{pessoaId}.{exp}.{sig}`, valid PAGADOR_SESSAO_MINUTOS. */
export function criarSessaoPagador(signer: Signer, pessoaId: number): { sessao: string; expiraEm: Date } {
  const { exp, sig } = sign(signer, sessaoSubject(pessoaId), PAGADOR_SESSAO_MINUTOS * 60);
  return { sessao: `${pessoaId}.${exp}.${sig}`, expiraEm: new Date(Number(exp) * 1000) };
}

/** The person of a well-formed, authentic and unexpired session; null otherwise. */
export function pessoaDaSessao(signer: Signer, sessao: string): { pessoaId: number; expiraEm: Date } | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{1,100})$/.exec(sessao);
  if (!m) return null;
  const pessoaId = Number(m[1]);
  if (!Number.isSafeInteger(pessoaId) || pessoaId < 1 || !signer.verify(sessaoSubject(pessoaId), m[2], m[3])) return null;
  return { pessoaId, expiraEm: new Date(Number(m[2]) * 1000) };
}

/** The boleto's PDF address for this person, valid PDF_LINK_SEGUNDOS. */
export function pdfUrlPagador(signer: Signer, pessoaId: number, boletoId: number): string {
  const { exp, sig } = sign(signer, pdfSubject(pessoaId, boletoId), PDF_LINK_SEGUNDOS);
  return `/api/pagador/boleto/${boletoId}/pdf?p=${pessoaId}&exp=${exp}&sig=${sig}`;
}

/** The person a PDF link was signed for, when it is authentic and unexpired. */
export function verificarPdfPagador(signer: Signer, boletoId: number, q: { p: string; exp: string; sig: string }): number | null {
  if (!/^\d{1,10}$/.test(q.p)) return null;
  const pessoaId = Number(q.p);
  return signer.verify(pdfSubject(pessoaId, boletoId), q.exp, q.sig) ? pessoaId : null;
}
