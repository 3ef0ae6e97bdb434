import { Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { GARANTIA_DUPLICATA_LIMITS } from '@bg/domain';
import { showError } from './ResultDialog';

// The server's limits (spec §5), from the domain (api modules/garantia/upload-duplicata.ts uses them too).
export const MAX_DUPLICATAS = GARANTIA_DUPLICATA_LIMITS.maxFiles;
const MAX_TOTAL_BYTES = GARANTIA_DUPLICATA_LIMITS.maxTotalBytes;

export const DUPLICATA_MSG = {
  tooMany: `Selecione no máximo ${MAX_DUPLICATAS} duplicatas por envio. Nenhum arquivo foi enviado.`,
  invalid: `Envie até ${MAX_DUPLICATAS} imagens .jpeg, .jpg ou .png, com até 50 MB no total. Nenhum arquivo foi enviado.`,
};

/**
 * Drop or pick the signed duplicatas of a guarantee (Análise da Garantia and Boletos da Garantia). All or nothing: react-dropzone accepts the
 * first `maxFiles` of a larger selection and rejects only the rest, so a 13-file pick would
 * upload 12 and warn about one; here any rejection (count, type, size) or a total over 50 MB
 * uploads nothing and says why, matching the server, which refuses the whole request.
 */
export function DuplicataDropzone({ loading, onUpload }: { loading: boolean; onUpload: (files: File[]) => Promise<unknown> }) {
  const handle = (accepted: FileWithPath[], rejections: FileRejection[]) => {
    if (rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) return void showError(DUPLICATA_MSG.tooMany);
    const total = accepted.reduce((sum, f) => sum + f.size, 0);
    if (rejections.length > 0 || total > MAX_TOTAL_BYTES) return void showError(DUPLICATA_MSG.invalid);
    if (accepted.length > 0) void onUpload(accepted);
  };
  return (
    <Dropzone
      loading={loading}
      aria-label="Duplicatas assinadas"
      accept={['image/jpeg', 'image/png']}
      maxFiles={MAX_DUPLICATAS}
      maxSize={MAX_TOTAL_BYTES}
      onDropAny={handle}
      // required by Mantine; accepted files are handled in onDropAny together with the rejections
      onDrop={() => undefined}
    >
      <Text size="sm" c="dimmed" ta="center">
        Arraste aqui as duplicatas assinadas ou clique para selecionar (até {MAX_DUPLICATAS} imagens .jpeg, .jpg ou .png, 50 MB no total).
      </Text>
    </Dropzone>
  );
}
