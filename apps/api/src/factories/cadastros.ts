import { completeCpf } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { cpfSuspeito, pessoaTelefone } from '../db/schema/index.js';
import { saveCepCache } from '../modules/cep/lookup-cep.js';
import type { CepAddress } from '../adapters/cep/cep-provider.js';

/** Factories of the cadastros area, shared by the demo seed and the tests. */
let counter = 0;
const unique = () => `${process.pid % 1000}${Date.now() % 100000}${++counter}`.slice(-9).padStart(9, '0');

/** Inserts (or replaces) a cep_cache row; defaults to Av. Paulista. */
export async function createCepCache(db: DbOrTx, overrides: Partial<CepAddress> & { provider?: string } = {}) {
  const { provider = 'seed', ...rest } = overrides;
  const address: CepAddress = {
    cep: '01310100',
    endereco: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    ...rest,
  };
  await saveCepCache(db, address, provider);
  return address;
}

/** An extra phone in one view of the person: a shop's (empresa_id) or the administradores' (null). */
export async function createTelefone(db: DbOrTx, values: { pessoa_id: number; empresa_id: number | null; telefone?: string; contato?: string | null; usuario_id?: number | null }) {
  const [row] = await db
    .insert(pessoaTelefone)
    .values({ telefone: '11955554444', contato: 'Recado', ...values })
    .returning();
  return row;
}

export async function createCpfSuspeito(db: DbOrTx, values: { cpf_cnpj?: string; motivo?: string; usuario_id?: number | null } = {}) {
  const [row] = await db
    .insert(cpfSuspeito)
    .values({ cpf_cnpj: completeCpf(unique()), motivo: 'Documento com indício de fraude', ...values })
    .returning();
  return row;
}
