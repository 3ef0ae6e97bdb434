import { fromCents, toCents } from '@bg/domain';
import { pessoa } from '../../db/schema/index.js';

/**
 * The person's columns a guarantee answers (spec §3 Person): wizard step 2 pre-fills them, the
 * analysis shows them. Nothing else of the row (situação, timestamps) leaves the server.
 */
export const garantiaPessoaColumns = {
  id: pessoa.id,
  tipo_pessoa: pessoa.tipo_pessoa,
  cpf_cnpj: pessoa.cpf_cnpj,
  nome_razao: pessoa.nome_razao,
  data_nascimento: pessoa.data_nascimento,
  cep: pessoa.cep,
  endereco: pessoa.endereco,
  numero: pessoa.numero,
  complemento: pessoa.complemento,
  bairro: pessoa.bairro,
  cidade: pessoa.cidade,
  uf: pessoa.uf,
  telefone1: pessoa.telefone1,
  telefone2: pessoa.telefone2,
  ref_comercial: pessoa.ref_comercial,
  tel_ref_comercial: pessoa.tel_ref_comercial,
  ref_pessoal: pessoa.ref_pessoal,
  tel_ref_pessoal: pessoa.tel_ref_pessoal,
  ocupacao: pessoa.ocupacao,
  renda: pessoa.renda,
  socio_avalista: pessoa.socio_avalista,
  cpf_avalista: pessoa.cpf_avalista,
};

/** renda as a money number; tipo_pessoa as the domain's F | J (the column is CHECKed to these). */
export function garantiaPessoaJson<R extends { tipo_pessoa: string; renda: string | null }>(
  row: R,
): Omit<R, 'tipo_pessoa' | 'renda'> & { tipo_pessoa: 'F' | 'J'; renda: number | null } {
  const { tipo_pessoa, renda, ...rest } = row;
  return { ...rest, tipo_pessoa: tipo_pessoa === 'J' ? 'J' : 'F', renda: renda == null ? null : fromCents(toCents(renda)) };
}
