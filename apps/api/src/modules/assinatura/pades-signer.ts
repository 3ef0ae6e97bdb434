import { createHash, createPrivateKey, sign as rsaSign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';

/**
 * The A1 certificate (PKCS#12 file, SIGNATURE_P12_PATH + SIGNATURE_P12_PASSWORD) that seals the
 * signed duplicatas with a PAdES signature, and the CMS signer @signpdf calls.
 *
 * Why our own Signer and not @signpdf/signer-p12: its CMS carries the signing-time attribute and
 * no ESS signing-certificate-v2, while PAdES baseline B-B (ETSI EN 319 142-1, CAdES EN 319 122-1)
 * asks for signing-certificate-v2 and puts the time in the signature dictionary (/M) instead. The
 * CMS below is SignedData v1, detached, SHA-256, RSA PKCS#1 v1.5, with the signed attributes
 * content-type, message-digest and signing-certificate-v2, and the certificate chain of the file.
 * RSA keys only (ICP-Brasil A1 certificates are RSA).
 */
export type A1Certificate = {
  /** Subject CN of the signing certificate (ICP-Brasil e-CNPJ: "RAZÃO SOCIAL:CNPJ"). */
  titular: string;
  notAfter: Date;
  notBefore: Date;
  signer: Signer;
};

const asn1 = forge.asn1;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};
type Node = forge.asn1.Asn1;
const seq = (value: Node[]) => asn1.create(U, T.SEQUENCE, true, value);
const set = (value: Node[]) => asn1.create(U, T.SET, true, value);
const oid = (o: string) => asn1.create(U, T.OID, false, asn1.oidToDer(o).getBytes());
const octets = (b: Buffer) => asn1.create(U, T.OCTETSTRING, false, b.toString('binary'));
const int = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(U, T.NULL, false, '');
const explicit = (tag: number, value: Node[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, value);
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const attribute = (type: string, value: Node) => seq([oid(type), set([value])]);

/** issuer and serialNumber exactly as encoded in the certificate (re-encoding a DN may change it). */
function issuerAndSerial(cert: forge.pki.Certificate): { issuer: Node; serial: Node } {
  // eslint-disable-next-line no-restricted-syntax -- node-forge keeps the parsed TBS on the certificate but its types omit it
  const tbs = (cert as unknown as { tbsCertificate: Node }).tbsCertificate;
  const fields = tbs.value as Node[];
  const first = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version present
  return { serial: fields[first], issuer: fields[first + 2] };
}

class PadesSigner extends Signer {
  constructor(
    private readonly key: KeyObject,
    private readonly cert: forge.pki.Certificate,
    private readonly chain: forge.pki.Certificate[],
  ) {
    super();
  }

  /** The detached CMS over the PDF's byte ranges (`pdf` is what @signpdf hands over). */
  override async sign(pdf: Buffer): Promise<Buffer> {
    const certDer = der(forge.pki.certificateToAsn1(this.cert));
    const { issuer, serial } = issuerAndSerial(this.cert);
    // ESSCertIDv2 { certHash, issuerSerial { GeneralNames [directoryName [4] issuer], serial } }, hash SHA-256 by default
    const essCertIdV2 = seq([octets(sha256(certDer)), seq([seq([explicit(4, [issuer])]), serial])]);
    const attrs = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(sha256(pdf))),
      attribute(OID.signingCertificateV2, seq([seq([essCertIdV2])])),
    ].sort((a, b) => Buffer.compare(der(a), der(b))); // DER: SET OF in ascending encoding order
    const signature = rsaSign('sha256', der(set(attrs)), this.key);
    const signerInfo = seq([
      int(1),
      seq([issuer, serial]),
      seq([oid(OID.sha256), nul()]),
      explicit(0, attrs), // [0] IMPLICIT SET OF Attribute
      seq([oid(OID.rsaEncryption), nul()]),
      octets(signature),
    ]);
    const certificates = [this.cert, ...this.chain].map((c) => forge.pki.certificateToAsn1(c));
    const signedData = seq([int(1), set([seq([oid(OID.sha256), nul()])]), seq([oid(OID.data)]), explicit(0, certificates), set([signerInfo])]);
    return der(seq([oid(OID.signedData), explicit(0, [signedData])]));
  }
}

/** Why a PKCS#12 file did not open: unreadable or wrong password, no RSA private key, no certificate of that key. */
export class Pkcs12Error extends Error {
  constructor(
    readonly reason: 'ILEGIVEL' | 'SENHA' | 'SEM_CHAVE' | 'SEM_CERTIFICADO',
    message: string,
  ) {
    super(message);
    this.name = 'Pkcs12Error';
  }
}

/**
 * The private key of a PKCS#12 file, the certificate of that key and the rest of the file's
 * certificates (the chain). Shared by the A1 signature certificate and the contas' bank client
 * certificates (modules/banco/ler-certificado.ts), so both read a .pfx the same way.
 */
export function openPkcs12(p12: Buffer, password: string): { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate; chain: forge.pki.Certificate[] } {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  let der: forge.asn1.Asn1;
  try {
    der = asn1.fromDer(p12.toString('binary'));
  } catch (err) {
    throw new Pkcs12Error('ILEGIVEL', `certificado ilegível ou senha incorreta (${(err as Error).message})`);
  }
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(der, false, password);
  } catch (err) {
    // forge says "PKCS#12 MAC could not be verified. Invalid password?" (or fails decrypting the bags)
    const wrongPassword = /password|MAC|decrypt/i.test((err as Error).message);
    throw new Pkcs12Error(wrongPassword ? 'SENHA' : 'ILEGIVEL', `certificado ilegível ou senha incorreta (${(err as Error).message})`);
  }
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key?.n) throw new Pkcs12Error('SEM_CHAVE', 'o certificado não tem chave privada RSA');
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) => (b.cert ? [b.cert] : []));
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!cert) throw new Pkcs12Error('SEM_CERTIFICADO', 'o arquivo não contém o certificado da chave privada');
  return { key, cert, chain: certs.filter((c) => c !== cert) };
}

/** Opens a PKCS#12 file; throws a clear message when the file, the password or the key is wrong. */
export function loadA1Certificate(p12: Buffer, password: string): A1Certificate {
  let opened: ReturnType<typeof openPkcs12>;
  try {
    opened = openPkcs12(p12, password);
  } catch (err) {
    if (!(err instanceof Pkcs12Error)) throw err;
    throw new Error(
      err.reason === 'SEM_CHAVE' ? 'o certificado A1 não tem chave privada RSA' : err.reason === 'SEM_CERTIFICADO' ? 'o certificado A1 não contém o certificado da chave privada' : `certificado A1 ${err.message.replace(/^certificado /, '')}`,
    );
  }
  const { key, cert, chain } = opened;
  const titular = String(cert.subject.getField('CN')?.value ?? cert.subject.attributes.map((a) => a.value).join(', '));
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  return {
    titular,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    signer: new PadesSigner(privateKey, cert, chain),
  };
}

/**
 * The configured certificate, or null when SIGNATURE_P12_PATH is unset. A path that cannot be read
 * or opened is a configuration error: the API refuses to start rather than sign without it.
 */
export function a1FromConfig(config: { signatureP12Path: string | null; signatureP12Password: string }): A1Certificate | null {
  if (!config.signatureP12Path) return null;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(config.signatureP12Path);
  } catch (err) {
    throw new Error(`SIGNATURE_P12_PATH: não foi possível ler ${config.signatureP12Path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return loadA1Certificate(bytes, config.signatureP12Password);
  } catch (err) {
    throw new Error(`SIGNATURE_P12_PATH/SIGNATURE_P12_PASSWORD: ${(err as Error).message}`);
  }
}
