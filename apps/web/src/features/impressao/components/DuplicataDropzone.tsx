import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { showError, showResult } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { uploadDuplicatas } from '../api/impressao';

const MAX_FILES = 12;
const MAX_BYTES = 50 * 1024 * 1024;
const ACCEPT = { 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'] };

/** Upload of the signed duplicatas (spec §5: .jpeg, .jpg, .png, up to 12 files, 50 MB). */
export function DuplicataDropzone({ garantiaId }: { garantiaId: number }) {
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadDuplicatas(garantiaId, files),
    onSuccess: (res) => showResult(res),
    onError: (err) => showError(errorMessage(err, 'Servidor não configurado!')),
  });
  return (
    <Dropzone
      onDrop={(files) => upload.mutate(files)}
      onReject={() => showError(`Envie até ${MAX_FILES} imagens JPG ou PNG de até 50 MB.`)}
      maxFiles={MAX_FILES}
      maxSize={MAX_BYTES}
      accept={ACCEPT}
      loading={upload.isPending}
      aria-label="Duplicatas assinadas"
    >
      <Group justify="center" mih={80} style={{ pointerEvents: 'none' }}>
        <Text size="sm" c="dimmed" ta="center">
          Arraste aqui as duplicatas assinadas ou clique para selecionar (JPG ou PNG, até {MAX_FILES} arquivos).
        </Text>
      </Group>
    </Dropzone>
  );
}
