import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type PessoaData = {
  id: number;
  tipo_pessoa: string;
  cpf_cnpj: string;
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
  renda: number | null;
  socio_avalista: string | null;
  cpf_avalista: string | null;
};

export type ConsultaResult = {
  status: number;
  msg: string;
  obj: { pessoa_id: number | null; pessoa: PessoaData | null };
  consulta: string;
  empresa: { id: number; fantasia: string; qtd_max_parcelas: number };
};
export type SolicitaResult = { status: number; msg: string; title?: string; consulta?: string; data?: { id: number; digito: number; protocolo: string; pessoa_id: number } };

export type GarantiaRow = {
  id: number;
  digito: number;
  protocolo: string;
  data: string;
  loja: string;
  pessoa: string;
  cpf_cnpj: string;
  qtd_titulo: number;
  status: string;
  libera_boleto: string;
  possui_duplicata: string;
};

export type BoletoRow = { id: number; digito: number; protocolo: string; parcela: number; valor: number; vencimento: string; situacao: string | null };
export type ConsultaBureau = { tipo: string; provider: string; html: string; created_at: string; usuario: string; resultado: unknown };
export type ArquivoLink = { id: string; nome: string; url: string };

export type GarantiaDetail = {
  id: number;
  digito: number;
  protocolo: string;
  data: string;
  status: string;
  status_label: string;
  libera_boleto: string;
  motivo: string | null;
  observacao: string | null;
  qtd_titulo: number;
  possui_duplicata: string;
  decidido_por_nome: string | null;
  decidido_em: string | null;
  empresa: { id: number; fantasia: string; razao: string };
  usuario: { id: number; name: string };
  pessoa: PessoaData & { telefones: { id: number; telefone: string; contato: string | null }[] };
  boletos: BoletoRow[];
  boletos_anteriores: (BoletoRow & { garantia_id: number; garantia_protocolo: string; garantia_status: string; data: string; loja: string })[];
  documentacao: ArquivoLink[];
  duplicatas: ArquivoLink[];
  consultas: { restritiva: ConsultaBureau | null; analitica: ConsultaBureau | null };
};

export type ListFilters = { page: number; pesquisa: string; situacao: string; empresa_id: string; possui_duplicata: string };

export const garantiasApi = {
  consultaDocumento: (documento: string, empresaId: string | null) =>
    api<ConsultaResult>('/api/garantia/consultaDocumento', { query: { documento, empresa_id: empresaId } }),
  solicitaGarantia: (body: Record<string, unknown>) => api<SolicitaResult>('/api/garantia/solicitaGarantia', { method: 'POST', body }),
  uploadDocumentos: (pessoaId: number, files: File[]) => {
    const form = new FormData();
    form.append('pessoa_id', String(pessoaId)); // text fields first: the server reads them before the files
    for (const f of files) form.append('arquivo', f);
    return api('/api/pessoa/uploadDocumento', { method: 'POST', form });
  },
  list: (f: ListFilters) => api<PagedResult<GarantiaRow>>('/api/garantia/getAllPaginate', { query: { ...f } }),
  get: (id: number) => api<{ data: GarantiaDetail }>(`/api/garantia/getById/${id}`).then((r) => r.data),
  consulta: (id: number, tipo: 'consultaRestritiva' | 'consultaAnalitica') => api<{ data: ConsultaBureau }>(`/api/garantia/${tipo}/${id}`).then((r) => r.data),
  aprovar: (id: number) => api(`/api/garantia/aprovar/${id}`, { method: 'POST' }),
  negar: (id: number, motivo: string, observacao: string) =>
    api(`/api/garantia/negar/${id}/${encodeURIComponent(motivo)}/${encodeURIComponent(observacao)}`, { method: 'POST' }),
  cancelar: (id: number) => api(`/api/garantia/cancelar/${id}`, { method: 'POST' }),
  liberaBoleto: (id: number) => api(`/api/garantia/liberaBoleto/${id}`, { method: 'POST' }),
  acerto: (boletoId: number, body: { vencimento: string; valor: number | null }) => api(`/api/boleto/update/${boletoId}`, { method: 'POST', body }),
  uploadDuplicata: (garantiaId: number, files: File[]) => {
    const form = new FormData();
    form.append('garantia_id', String(garantiaId));
    for (const f of files) form.append('arquivo', f);
    return api('/api/garantia/uploadDuplicata', { method: 'POST', form });
  },
  empresas: () => api<{ data: { value: number; label: string; situacao: string }[] }>('/api/empresa/dataForSelect').then((r) => r.data),
  config: () => api<{ chatUrl: string }>('/api/config'),
};
