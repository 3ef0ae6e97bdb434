import type { PagedResult } from '@bg/domain';
import { api } from '../../../lib/api-client';

export type PessoaRow = { id: number; nome_razao: string; cpf_cnpj: string; tipo_pessoa: string; telefone1: string | null; telefone2: string | null; situacao: string };
export type Pessoa = PessoaRow & {
  data_nascimento: string | null;
  cep: string | null;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  ref_comercial: string | null;
  tel_ref_comercial: string | null;
  ref_pessoal: string | null;
  tel_ref_pessoal: string | null;
  ocupacao: string | null;
  renda: number | null;
  socio_avalista: string | null;
  cpf_avalista: string | null;
};
export type Telefone = { id: number; telefone: string; contato: string | null; created_at: string; pessoa_id: number };
export type Documento = { id: number; file_id: string; nome: string; content_type: string; size_bytes: number; created_at: string; url: string };

export const pessoasApi = {
  list: (page: number, pesquisa: string) => api<PagedResult<PessoaRow>>('/api/pessoa/getAllPaginate', { query: { page, pesquisa } }),
  get: (id: number) => api<{ data: Pessoa }>(`/api/pessoa/getById/${id}`).then((b) => b.data),
  update: (id: number, body: Record<string, unknown>) => api(`/api/pessoa/update/${id}`, { method: 'POST', body }),
  telefones: (id: number) => api<{ data: Telefone[] }>(`/api/pessoa/getTelefones/${id}`).then((b) => b.data),
  adicionaTelefone: (body: { pessoa_id: number; telefone: string; contato: string }) => api('/api/pessoa/adicionaTelefone', { method: 'POST', body }),
  deletaTelefone: (id: number) => api(`/api/pessoa/deletaTelefone/${id}`, { method: 'DELETE' }),
  documentos: (id: number) => api<{ data: Documento[] }>(`/api/pessoa/getDocumentacao/${id}`).then((b) => b.data),
  uploadDocumentos: (pessoaId: number, files: File[]) => {
    const form = new FormData();
    form.append('pessoa_id', String(pessoaId)); // before the files: the server reads fields first
    for (const f of files) form.append('arquivo', f);
    return api('/api/pessoa/uploadDocumento', { method: 'POST', form });
  },
};
