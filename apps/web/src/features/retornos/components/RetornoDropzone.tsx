import { useState } from 'react';
import { Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { RETORNO_EXTENSIONS, RETORNO_MAX_BYTES, type ContractResult, type retornoContracts } from '@bg/domain';
import { showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { enviarRetorno } from '../api/retornos';
import { fileSize } from './labels';

type Created = ContractResult<typeof retornoContracts.create>;

export const RETORNO_MSG = {
  invalid: `Envie um arquivo retorno do banco (${RETORNO_EXTENSIONS.join(' ou ')}) de até ${Math.round(RETORNO_MAX_BYTES / 1048576)} MB.`,
  tooMany: 'Envie um arquivo retorno por vez.',
  empty: 'O arquivo está vazio.',
};

/**
 * The upload area of Retornos (spec §5: one .txt file up to 500 MB; .ret accepted too). The file
 * goes with XMLHttpRequest so the bar shows the upload's progress; the server checks the content
 * (CNAB 240 retorno text) and answers as soon as it is stored.
 */
export function RetornoDropzone({ onUploaded }: { onUploaded: (created: Created) => void }) {
  const [progress, setProgress] = useState<{ loaded: number; total: number; name: string } | null>(null);

  async function send(file: File) {
    setProgress({ loaded: 0, total: file.size, name: file.name });
    try {
      const created = await enviarRetorno(file, (p) => setProgress({ loaded: p.loaded, total: p.total || file.size, name: file.name }));
      onUploaded(created);
    } catch (err) {
      showError(errorMessage(err, 'Ocorreu uma falha no envio do arquivo.'));
    } finally {
      setProgress(null);
    }
  }

  const handle = (files: FileWithPath[]) => {
    if (files.length !== 1) return void showError(RETORNO_MSG.tooMany);
    const [file] = files;
    const okName = RETORNO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
    if (okName && file.size === 0) return void showError(RETORNO_MSG.empty);
    if (!okName || file.size > RETORNO_MAX_BYTES) return void showError(RETORNO_MSG.invalid);
    void send(file);
  };

  const percent = progress && progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <Stack gap="xs">
      <Dropzone onDrop={handle} onReject={() => showError(RETORNO_MSG.invalid)} multiple={false} loading={progress !== null} aria-label="Arquivo retorno">
        <Text size="sm" c="dimmed" ta="center">
          Arraste o arquivo retorno do banco aqui ou clique para escolher ({RETORNO_EXTENSIONS.join(' ou ')}, até {Math.round(RETORNO_MAX_BYTES / 1048576)} MB).
        </Text>
      </Dropzone>
      {progress && (
        <div data-testid="upload-progress">
          <Text size="sm">
            Enviando {progress.name}: {fileSize(progress.loaded)} de {fileSize(progress.total)} ({percent}%)
          </Text>
          <Progress value={percent} aria-label="Envio do arquivo" />
        </div>
      )}
    </Stack>
  );
}
