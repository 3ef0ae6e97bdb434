import type { RetornoResultado, RetornoStatus } from '@bg/domain';

/** How the screen names a retorno's state. */
export const STATUS_LABEL: Record<RetornoStatus, string> = {
  ANALISANDO: 'ANALISANDO',
  PRONTO: 'PRÉVIA PRONTA',
  APLICANDO: 'APLICANDO',
  PROCESSADO: 'PROCESSADO',
  FALHOU: 'FALHOU',
};
export const STATUS_COLOR: Record<RetornoStatus, string> = { ANALISANDO: 'yellow', PRONTO: 'cyan', APLICANDO: 'indigo', PROCESSADO: 'green', FALHOU: 'red' };

export const RESULTADO_LABEL: Record<RetornoResultado, string> = {
  APLICADO: 'Aplicado',
  REJEITADO: 'Rejeitado',
  IGNORADO: 'Sem alteração',
  JA_APLICADO: 'Já aplicado',
  NAO_ENCONTRADO: 'Não encontrado',
};
export const RESULTADO_COLOR: Record<RetornoResultado, string> = { APLICADO: 'green', REJEITADO: 'red', IGNORADO: 'gray', JA_APLICADO: 'yellow', NAO_ENCONTRADO: 'orange' };

const oneDecimal = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** "2 MB", "3,4 KB" or "512 bytes": a small file is not "0 MB" (issue 25). */
export const fileSize = (bytes: number) => {
  if (bytes >= 1048576) return `${oneDecimal(bytes / 1048576)} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
};
