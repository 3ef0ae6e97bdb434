import { bancoContracts as c, type ContractResult } from '@bg/domain';
import { call, upload } from '../../../lib/api-contract';

/** The conta's client certificate as the upload answers it (never the key). */
export type CertificadoBanco = ContractResult<typeof c.enviarCertificado>['data'];

/**
 * Sends the certificate for mutual TLS with the bank: a .pfx/.p12 with its password, or PEM
 * (certificate and key in one file, or the two files). The server reads it by its content.
 */
export function enviarCertificado(contaId: number, arquivos: File[], senha: string) {
  const form = new FormData();
  form.append('senha', senha);
  for (const f of arquivos) form.append(c.enviarCertificado.multipart.files, f, f.name);
  return upload(c.enviarCertificado, form, { id: contaId });
}

/** Removes the conta's certificate: the calls to the bank go without it. */
export const removerCertificado = (contaId: number) => call(c.removerCertificado, { params: { id: contaId } });
