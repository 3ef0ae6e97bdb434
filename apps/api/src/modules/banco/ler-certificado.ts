import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { BANCO_CERTIFICADO_MSG as MSG, formatDateTimeBR } from '@bg/domain';
import { AppError } from '../../errors/app-error.js';
import { openPkcs12, Pkcs12Error } from '../assinatura/pades-signer.js';

/** A client certificate opened from what the admin uploaded: PEM to hand to TLS, and what the screens show. */
export type CertificadoLido = {
  /** The certificate of the key first, then the rest of the chain the file carried (PEM). */
  certPem: string;
  /** The private key, PKCS#8 PEM, unencrypted: sealed before it is stored (conta-banco.ts). */
  keyPem: string;
  subject: string;
  emissor: string;
  serial: string;
  inicio: Date;
  validade: Date;
};

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_KEY = /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END \1PRIVATE KEY-----/;

const refuse = (msg: string) => new AppError('VALIDATION', msg, { errors: { arquivo: msg } });
const refuseSenha = (msg: string) => new AppError('VALIDATION', msg, { errors: { senha: msg } });

/**
 * Reads the files of the certificate upload by their content, never by their names: PEM text
 * (certificate and private key in one file or in two; an encrypted key opens with `senha`) or a
 * PKCS#12 file (.pfx/.p12, opened with `senha` by the same code as the A1 signature certificate).
 * Refuses, each with its own sentence, what is not a certificate, a wrong password, a key that is
 * not the certificate's, a certificate that expired or is not valid yet.
 */
export function lerCertificado(files: Buffer[], senha: string, now: Date): CertificadoLido {
  const texts = files.map((f) => f.toString('latin1'));
  const pem = texts.some((t) => t.includes('-----BEGIN '));
  if (pem && texts.every((t) => isPemText(t))) return checked(fromPem(texts.join('\n'), senha), now);
  if (!pem && files.length === 1 && files[0][0] === 0x30) return checked(fromPkcs12(files[0], senha), now);
  throw new AppError('UNSUPPORTED_MEDIA', MSG.naoCertificado, { errors: { arquivo: MSG.naoCertificado } });
}

/** PEM is ASCII text: a binary file that happens to contain "-----BEGIN " is not one. */
function isPemText(text: string): boolean {
  return text.includes('-----BEGIN ') && !/[^\t\n\r\x20-\x7e]/.test(text);
}

type Opened = { leaf: X509Certificate; chain: X509Certificate[]; key: KeyObject };

function fromPem(text: string, senha: string): Opened {
  const certs = (text.match(PEM_CERT) ?? []).map((block) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw refuse(MSG.naoCertificado);
    }
  });
  if (!certs.length) throw refuse(MSG.semCertificado);
  const keyBlock = text.match(PEM_KEY)?.[0];
  if (!keyBlock) throw refuse(MSG.semChave);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: keyBlock, format: 'pem', ...(senha ? { passphrase: senha } : {}) });
  } catch (err) {
    // an encrypted key without the password, or with a wrong one
    if (keyBlock.includes('ENCRYPTED') || /decrypt|passphrase|bad/i.test((err as Error).message)) throw refuseSenha(senha ? MSG.senhaIncorreta : MSG.senhaFaltando);
    throw refuse(MSG.chaveIlegivel);
  }
  const leaf = certs.find((c) => c.checkPrivateKey(key));
  if (!leaf) throw refuse(MSG.chaveNaoConfere);
  return { leaf, chain: certs.filter((c) => c !== leaf), key };
}

function fromPkcs12(bytes: Buffer, senha: string): Opened {
  try {
    const { key, cert, chain } = openPkcs12(bytes, senha);
    const x509 = (c: forge.pki.Certificate) => new X509Certificate(forge.pki.certificateToPem(c));
    const leaf = x509(cert);
    const keyObject = createPrivateKey(forge.pki.privateKeyToPem(key));
    // openPkcs12 picked the certificate by the key's modulus; node checks it again
    if (!leaf.checkPrivateKey(keyObject)) throw refuse(MSG.chaveNaoConfere);
    return { leaf, chain: chain.map(x509), key: keyObject };
  } catch (err) {
    if (!(err instanceof Pkcs12Error)) throw err;
    if (err.reason === 'SENHA') throw refuseSenha(senha ? MSG.senhaIncorreta : MSG.senhaFaltando);
    if (err.reason === 'SEM_CHAVE') throw refuse(MSG.semChave);
    if (err.reason === 'SEM_CERTIFICADO') throw refuse(MSG.chaveNaoConfere);
    throw new AppError('UNSUPPORTED_MEDIA', MSG.naoCertificado, { errors: { arquivo: MSG.naoCertificado } });
  }
}

function checked({ leaf, chain, key }: Opened, now: Date): CertificadoLido {
  const inicio = new Date(leaf.validFrom);
  const validade = new Date(leaf.validTo);
  if (validade.getTime() <= now.getTime()) throw refuse(MSG.vencido(dia(validade)));
  if (inicio.getTime() > now.getTime()) throw refuse(MSG.aindaNaoValido(dia(inicio)));
  return {
    certPem: [leaf, ...chain].map((c) => c.toString().trim()).join('\n') + '\n',
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    subject: nameOf(leaf.subject),
    emissor: nameOf(leaf.issuer),
    serial: leaf.serialNumber.toUpperCase(),
    inicio,
    validade,
  };
}

/** The CN of a distinguished name ("C=BR\nO=…\nCN=…"), else the whole name on one line. */
function nameOf(dn: string): string {
  const lines = dn.split('\n').map((l) => l.trim()).filter(Boolean);
  const cn = lines.find((l) => l.startsWith('CN='));
  return (cn ? cn.slice(3) : lines.join(', ')).slice(0, 300);
}

/** 'dd/mm/aaaa' in São Paulo. */
const dia = (d: Date) => formatDateTimeBR(d).slice(0, 10);
