import {
  garantiaContracts as c,
  pessoaContracts,
  type ContractInput,
  type ContractResult,
  type DenyReason,
} from '@bg/domain';
import { call, upload } from '../../../lib/api-contract';

/** What consultaDocumento answers (status 200 or 900, obj, consulta, empresa). */
export type ConsultaResult = ContractResult<typeof c.consultaDocumento>;
/** The known person step 2 is pre-filled with. */
export type PessoaData = NonNullable<ConsultaResult['obj']['pessoa']>;
export type SolicitaBody = ContractInput<typeof c.solicitaGarantia>['body'];
export type GarantiaRow = ContractResult<typeof c.getAllPaginate>['data'][number];
export type GarantiaDetail = ContractResult<typeof c.getById>['data'];
export type BoletoRow = GarantiaDetail['boletos'][number];
export type ConsultaBureau = ContractResult<typeof c.consultaRestritiva>['data'];
export type ArquivoLink = GarantiaDetail['documentacao'][number];
export type AcertoBody = ContractInput<typeof c.updateBoleto>['body'];

type ListQuery = ContractInput<typeof c.getAllPaginate>['query'];
/** The list's filters as the screen holds them (empresa_id '' = every Loja). */
export type ListFilters = {
  page: number;
  pesquisa: string;
  situacao: NonNullable<ListQuery['situacao']>;
  empresa_id: string;
  possui_duplicata: NonNullable<ListQuery['possui_duplicata']>;
};

export const garantiasApi = {
  consultaDocumento: (documento: string, empresaId: string | null) =>
    call(c.consultaDocumento, { body: { documento, empresa_id: empresaId ?? undefined } }),
  solicitaGarantia: (body: SolicitaBody) => call(c.solicitaGarantia, { body }),
  uploadDocumentos: (pessoaId: number, files: File[]) => {
    const form = new FormData();
    form.append('pessoa_id', String(pessoaId)); // text fields first: the server reads them before the files
    for (const f of files) form.append(pessoaContracts.uploadDocumento.multipart.files, f);
    return upload(pessoaContracts.uploadDocumento, form);
  },
  /**
   * How many documents a known person already has. A person the user cannot read (known from
   * another Loja) counts as none: this only warns early, the server decides on the upload.
   */
  documentCount: (pessoaId: number) =>
    call(pessoaContracts.getDocumentacao, { params: { id: pessoaId } }).then(
      (r) => r.data.length,
      () => 0,
    ),
  list: (f: ListFilters) => call(c.getAllPaginate, { query: { ...f } }),
  get: (id: number) => call(c.getById, { params: { id } }).then((r) => r.data),
  consulta: (id: number, tipo: 'consultaRestritiva' | 'consultaAnalitica') => call(c[tipo], { params: { id } }).then((r) => r.data),
  aprovar: (id: number) => call(c.aprovar, { params: { id } }),
  negar: (id: number, motivo: DenyReason, observacao: string) => call(c.negar, { params: { id, motivo, observacao } }),
  cancelar: (id: number) => call(c.cancelar, { params: { id } }),
  liberaBoleto: (id: number) => call(c.liberaBoleto, { params: { id } }),
  acerto: (boletoId: number, body: AcertoBody) => call(c.updateBoleto, { params: { id: boletoId }, body }),
  uploadDuplicata: (garantiaId: number, files: File[]) => {
    const form = new FormData();
    form.append('garantia_id', String(garantiaId)); // text fields first: the server reads them before the files
    for (const f of files) form.append(c.uploadDuplicata.multipart.files, f);
    return upload(c.uploadDuplicata, form);
  },
};
