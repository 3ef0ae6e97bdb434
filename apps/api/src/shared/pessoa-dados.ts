import { ADMINISTRACAO_VISAO_LABEL, centsToDecimalText, fromCents, toCents, type PessoaDadosJson } from '@bg/domain';
import { garantiaPessoa, pessoaVisao } from '../db/schema/index.js';

/**
 * What a shop typed about a person (decision 104): the columns its view (pessoa_visao) and each
 * guarantee's snapshot (garantia_pessoa) share, and how they go out as JSON.
 */
export type DadosRow = {
  nome_razao: string;
  data_nascimento: string | null;
  cep: string | null;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  telefone1: string | null;
  telefone2: string | null;
  ref_comercial: string | null;
  tel_ref_comercial: string | null;
  ref_pessoal: string | null;
  tel_ref_pessoal: string | null;
  ocupacao: string | null;
  /** numeric(14,2) as text */
  renda: string | null;
  socio_avalista: string | null;
  cpf_avalista: string | null;
};

export const DADOS_FIELDS = [
  'nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone1', 'telefone2',
  'ref_comercial', 'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'renda', 'socio_avalista', 'cpf_avalista',
] as const satisfies readonly (keyof DadosRow)[];

/** The data columns of a view or a snapshot, for a select. */
export function dadosColumns<T extends typeof pessoaVisao | typeof garantiaPessoa>(t: T) {
  return {
    nome_razao: t.nome_razao,
    data_nascimento: t.data_nascimento,
    cep: t.cep,
    endereco: t.endereco,
    numero: t.numero,
    complemento: t.complemento,
    bairro: t.bairro,
    cidade: t.cidade,
    uf: t.uf,
    telefone1: t.telefone1,
    telefone2: t.telefone2,
    ref_comercial: t.ref_comercial,
    tel_ref_comercial: t.tel_ref_comercial,
    ref_pessoal: t.ref_pessoal,
    tel_ref_pessoal: t.tel_ref_pessoal,
    ocupacao: t.ocupacao,
    renda: t.renda,
    socio_avalista: t.socio_avalista,
    cpf_avalista: t.cpf_avalista,
  };
}

type DadosJson = Omit<PessoaDadosJson, 'id' | 'tipo_pessoa' | 'cpf_cnpj'>;

/** renda as a money number; everything else as stored. */
export function dadosJson(row: DadosRow): DadosJson {
  const out = {} as Record<string, unknown>;
  for (const f of DADOS_FIELDS) out[f] = row[f];
  out.renda = row.renda === null ? null : fromCents(toCents(row.renda));
  return out as DadosJson;
}

/** Only the data fields of a row that carries more (a select of the whole view). */
export function pickDados(row: DadosRow): DadosRow {
  const out = {} as Record<string, unknown>;
  for (const f of DADOS_FIELDS) out[f] = row[f];
  return out as DadosRow;
}

/** A view that holds nothing but the shared identity. */
export function identityOnly(identity: { nome_razao: string; data_nascimento: string | null }): DadosRow {
  const out = Object.fromEntries(DADOS_FIELDS.map((f) => [f, null])) as Record<string, unknown>;
  return { ...(out as DadosRow), nome_razao: identity.nome_razao, data_nascimento: identity.data_nascimento };
}

/** What a form or a request typed (renda in reais), as the columns store it; avalista only for a CNPJ. */
export function dadosFromInput(input: Omit<DadosRow, 'renda'> & { renda: number | null }, isCnpj: boolean): DadosRow {
  const out = {} as Record<string, unknown>;
  for (const f of DADOS_FIELDS) out[f] = (input as Record<string, unknown>)[f] ?? null;
  return {
    ...(out as DadosRow),
    renda: input.renda === null ? null : centsToDecimalText(toCents(input.renda)),
    socio_avalista: isCnpj ? input.socio_avalista : null,
    cpf_avalista: isCnpj ? input.cpf_avalista : null,
  };
}

/** How a view is marked on screen: its shop's fantasia, or the administradores'. */
export const visaoLoja = (fantasia: string | null | undefined) => fantasia ?? ADMINISTRACAO_VISAO_LABEL;
