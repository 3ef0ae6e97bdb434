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
/** A stored file as an expiring link; a person's document also says which Loja's view holds it. */
export type ArquivoLink = GarantiaDetail['duplicatas'][number] & { loja?: string };
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
  /** `empresaId`: the Loja an administrador requested for (its view of the person, decision 104). */
  uploadDocumentos: (pessoaId: number, files: File[], empresaId: number | null = null) => {
    const form = new FormData();
    // text fields first: the server reads them before the files
    form.append('pessoa_id', String(pessoaId));
    if (empresaId !== null) form.append('empresa_id', String(empresaId));
    for (const f of files) form.append(pessoaContracts.uploadDocumento.multipart.files, f);
    return upload(pessoaContracts.uploadDocumento, form);
  },
  /**
   * How many documents the Loja's view of a known person already has (an administrador names the
   * Loja; a shop reads its own view only). This only warns early, the server decides on the upload.
   */
  documentCount: (pessoaId: number, empresaId: number | null) =>
    call(pessoaContracts.getDocumentacao, { params: { id: pessoaId } }).then(
      (r) => r.data.filter((d) => empresaId === null || d.empresa_id === empresaId).length,
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
