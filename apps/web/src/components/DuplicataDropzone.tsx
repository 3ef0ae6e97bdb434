import { Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { GARANTIA_DUPLICATA_LIMITS } from '@bg/domain';
import { showError } from './ResultDialog';

// The server's limits (spec §5), from the domain (api modules/garantia/upload-duplicata.ts uses them too).
export const MAX_DUPLICATAS = GARANTIA_DUPLICATA_LIMITS.maxFiles;
const MAX_TOTAL_BYTES = GARANTIA_DUPLICATA_LIMITS.maxTotalBytes;

const arquivos = (n: number) => `${n} ${n === 1 ? 'arquivo' : 'arquivos'}`;

export const DUPLICATA_MSG = {
  tooMany: `Selecione no máximo ${MAX_DUPLICATAS} duplicatas por envio. Nenhum arquivo foi enviado.`,
  invalid: `Envie até ${MAX_DUPLICATAS} imagens .jpeg, .jpg ou .png, com até 50 MB no total. Nenhum arquivo foi enviado.`,
  /** The guarantee already has some: what remains of its 12 (issue 25). */
  tooManyLeft: (restantes: number) => `Esta garantia aceita só mais ${arquivos(restantes)}. Nenhum arquivo foi enviado.`,
  full: `Esta garantia já tem ${MAX_DUPLICATAS} duplicatas enviadas, o máximo.`,
};

/**
 * Drop or pick the signed duplicatas of a guarantee (Análise da Garantia and Boletos da Garantia). All or nothing: react-dropzone accepts the
 * first `maxFiles` of a larger selection and rejects only the rest, so a 13-file pick would
 * upload 12 and warn about one; here any rejection (count, type, size) or a total over 50 MB
 * uploads nothing and says why, matching the server, which refuses the whole request. The 12 are
 * the guarantee's: with `enviadas` already sent the dropzone takes what remains ("até 1 arquivo
 * restante"), and none once they are 12 — the server counts them the same way.
 */
export function DuplicataDropzone({ loading, onUpload, enviadas = 0 }: { loading: boolean; onUpload: (files: File[]) => Promise<unknown>; enviadas?: number }) {
  const restantes = Math.max(0, MAX_DUPLICATAS - enviadas);
  const handle = (accepted: FileWithPath[], rejections: FileRejection[]) => {
    if (rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) return void showError(enviadas > 0 ? DUPLICATA_MSG.tooManyLeft(restantes) : DUPLICATA_MSG.tooMany);
    const total = accepted.reduce((sum, f) => sum + f.size, 0);
    if (rejections.length > 0 || total > MAX_TOTAL_BYTES) return void showError(DUPLICATA_MSG.invalid);
    if (accepted.length > 0) void onUpload(accepted);
  };
  if (restantes === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {DUPLICATA_MSG.full}
      </Text>
    );
  }
  const quantos = enviadas > 0 ? `até ${arquivos(restantes)} ${restantes === 1 ? 'restante' : 'restantes'}` : `até ${MAX_DUPLICATAS} imagens`;
  return (
    <Dropzone
      loading={loading}
      aria-label="Duplicatas assinadas"
      accept={['image/jpeg', 'image/png']}
      maxFiles={restantes}
      maxSize={MAX_TOTAL_BYTES}
      onDropAny={handle}
      // required by Mantine; accepted files are handled in onDropAny together with the rejections
      onDrop={() => undefined}
    >
      <Text size="sm" c="dimmed" ta="center">
        Arraste aqui as duplicatas assinadas ou clique para selecionar ({quantos} .jpeg, .jpg ou .png, 50 MB no total).
      </Text>
    </Dropzone>
  );
}
