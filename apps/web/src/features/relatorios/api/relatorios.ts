import { empresaContracts, relatorioContracts as c, type ContractResult, type MesAno } from '@bg/domain';
import { call, fileUrl } from '../../../lib/api-contract';

export type Faturamento = ContractResult<typeof c.getFaturamento>;
export type FaturamentoItem = Faturamento['data'][number];
export type FaturamentoMes = Faturamento['meses'][number];
export type Fechamento = ContractResult<typeof c.getFechamento>['data'];

export const getFaturamento = (periodo: MesAno) => call(c.getFaturamento, { query: periodo });

/** The month's CSV, fetched with the session's token: answers an object URL to download. */
export const faturamentoCsvUrl = (periodo: MesAno) => fileUrl(c.getFaturamentoCsv, { query: periodo });

export const getFechamento = (periodo: MesAno, empresaId: number) =>
  call(c.getFechamento, { query: { ...periodo, empresa_id: empresaId } }).then((r) => r.data);

export const fechamentoPdfUrl = (periodo: MesAno, empresaId: number) => fileUrl(c.getFechamentoPdf, { query: { ...periodo, empresa_id: empresaId } });

export const empresasForSelect = () => call(empresaContracts.dataForSelect).then((r) => r.data);

/** Saves a downloaded file (object URL) under a name, as a click on a download link would. */
export function download(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a PDF in a new tab opened during the click (no popup blocker). */
export async function openInNewTab(load: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await load();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
