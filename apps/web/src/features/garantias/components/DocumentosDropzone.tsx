import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { checkFiles, describeRules, PERSON_DOCUMENT_RULES } from '../../../lib/file-check';

const RULES = PERSON_DOCUMENT_RULES;
const ACCEPT = ['image/jpeg', 'image/png', 'application/pdf'];

export interface DocumentosDropzoneProps {
  files: File[];
  onFiles: (files: File[]) => void;
  /** Documents the person already has: together with the new ones at most RULES.maxFiles. */
  existing: number;
  /** Why files were left out (content, size, count), to show the user. */
  onRejected: (msg: string) => void;
  disabled?: boolean;
}

/**
 * The customer's documents of the wizard (DADOS DO CLIENTE, and RESULTADO to send them again).
 * Each file is checked here as the server will check it — content by its first bytes, size, and
 * the count with the person's existing documents — so a refused file never reaches the request.
 */
export function DocumentosDropzone({ files, onFiles, existing, onRejected, disabled = false }: DocumentosDropzoneProps) {
  const room = Math.max(0, RULES.maxFiles - existing);
  const add = async (dropped: File[]) => {
    const { accepted, problems } = await checkFiles(dropped, RULES, existing + files.length);
    if (accepted.length) onFiles([...files, ...accepted]);
    if (problems.length) onRejected(problems.join(' '));
  };
  return (
    <div>
      <Dropzone
        onDrop={(dropped) => void add(dropped)}
        onReject={(rejections) => onRejected(`${rejections.map((r) => r.file.name).join(', ')}: envie arquivos ${describeRules(RULES)}.`)}
        maxSize={RULES.maxFileBytes}
        accept={ACCEPT}
        disabled={disabled || files.length >= room}
        aria-label="Documentos do cliente"
      >
        <Group justify="center" mih={70} style={{ pointerEvents: 'none' }}>
          <Text size="sm" c="dimmed" ta="center">
            {room === 0
              ? `A pessoa já tem ${existing} documentos, o máximo permitido.`
              : `Arraste aqui ou clique para anexar documentos do cliente (${describeRules(RULES)}, até ${room} arquivo(s)).`}
          </Text>
        </Group>
      </Dropzone>
      {files.length > 0 && (
        <Group gap="xs" mt="xs">
          {files.map((f, i) => (
            <Text key={`${f.name}-${i}`} size="sm" component="span" style={{ cursor: 'pointer' }} onClick={() => onFiles(files.filter((_, j) => j !== i))} title="Clique para remover">
              📎 {f.name} ✕
            </Text>
          ))}
        </Group>
      )}
    </div>
  );
}
