import { EMPRESA_DEFAULTS } from '@bg/domain';
import type { AddressValues } from '../../../components';
import type { Empresa, EmpresaBody } from '../api/empresas';

/** What the company form holds: text fields as strings ('' when empty), money as numbers. */
export type EmpresaFormValues = AddressValues & {
  cnpj: string;
  razao: string;
  fantasia: string;
  insc_estadual: string;
  email: string;
  tel1: string;
  tel2: string;
  tel3: string;
  responsavel: string;
  franqueado_id: string | null;
  comissao_franqueado: number | string;
  limite_cpf_cnpj: number | null;
  limite_boleto: number | null;
  valor_consulta: number | null;
  mensalidade: number | null;
  taxa_prorrata: number | string;
  antecipa: 'S' | 'N';
  taxa_antecipacao: number | string;
  qtd_max_parcelas: number | string;
  simula_venda: 'S' | 'N';
};

export function emptyEmpresaValues(franqueadoId: number | null = null): EmpresaFormValues {
  return {
    cnpj: '', razao: '', fantasia: '', insc_estadual: '', cep: '', endereco: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '',
    email: '', tel1: '', tel2: '', tel3: '', responsavel: '',
    franqueado_id: franqueadoId === null ? null : String(franqueadoId),
    comissao_franqueado: EMPRESA_DEFAULTS.comissao_franqueado,
    limite_cpf_cnpj: null,
    limite_boleto: null,
    valor_consulta: EMPRESA_DEFAULTS.valor_consulta,
    mensalidade: EMPRESA_DEFAULTS.mensalidade,
    taxa_prorrata: EMPRESA_DEFAULTS.taxa_prorrata,
    antecipa: EMPRESA_DEFAULTS.antecipa,
    taxa_antecipacao: '',
    qtd_max_parcelas: EMPRESA_DEFAULTS.qtd_max_parcelas,
    simula_venda: EMPRESA_DEFAULTS.simula_venda,
  };
}

export function empresaToValues(e: Empresa): EmpresaFormValues {
  const text = (v: string | null) => v ?? '';
  return {
    cnpj: e.cnpj, razao: e.razao, fantasia: e.fantasia, insc_estadual: text(e.insc_estadual), cep: e.cep, endereco: e.endereco, numero: e.numero,
    complemento: text(e.complemento), bairro: e.bairro, cidade: e.cidade, uf: e.uf, email: text(e.email), tel1: text(e.tel1), tel2: text(e.tel2),
    tel3: text(e.tel3), responsavel: text(e.responsavel),
    franqueado_id: e.franqueado_id === null ? null : String(e.franqueado_id),
    comissao_franqueado: e.comissao_franqueado,
    limite_cpf_cnpj: e.limite_cpf_cnpj,
    limite_boleto: e.limite_boleto,
    valor_consulta: e.valor_consulta,
    mensalidade: e.mensalidade,
    taxa_prorrata: e.taxa_prorrata,
    antecipa: e.antecipa,
    taxa_antecipacao: e.taxa_antecipacao ?? '',
    qtd_max_parcelas: e.qtd_max_parcelas,
    simula_venda: e.simula_venda,
  };
}

/** The request body: non-administradores never send the commercial terms (no mass assignment). */
export function empresaPayload(values: EmpresaFormValues, admin: boolean): EmpresaBody {
  if (admin) return { ...values, taxa_antecipacao: values.antecipa === 'N' ? null : values.taxa_antecipacao };
  return pickContact(values);
}

/**
 * The contact and address fields only (EMPRESA_COMMERCIAL_FIELDS left out); cnpj and razao go back as
 * they were loaded (read-only on the form): the API refuses another value from a non-administrador.
 */
function pickContact(v: EmpresaFormValues): EmpresaBody {
  const { cnpj, razao, fantasia, insc_estadual, cep, endereco, numero, complemento, bairro, cidade, uf, email, tel1, tel2, tel3, responsavel } = v;
  return { cnpj, razao, fantasia, insc_estadual, cep, endereco, numero, complemento, bairro, cidade, uf, email, tel1, tel2, tel3, responsavel };
}
