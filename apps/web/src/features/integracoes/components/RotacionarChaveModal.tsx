import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useSubmit } from '../../../lib/use-submit';
import { chaveKeys } from '../api/chave-queries';
import { chavesApi, type ChaveRow } from '../api/chaves';

const OPCOES = [
  { value: '0', label: 'Nenhuma: o segredo atual para agora' },
  { value: '1', label: '1 hora' },
  { value: '24', label: '24 horas' },
  { value: '72', label: '3 dias' },
  { value: '168', label: '7 dias' },
];

/**
 * Novo segredo (rotation): the same key (scopes, IPs, validity) gets a new secret; the current one
 * keeps working for the chosen overlap, so the shop's system can switch without downtime.
 */
export function RotacionarChaveModal({ chave, onClose, onRotated }: { chave: ChaveRow; onClose: () => void; onRotated: (segredo: string, anteriorValidoAte: string) => void }) {
  const [horas, setHoras] = useState('24');
  const send = useSubmit(() => chavesApi.rotate(chave.id, Number(horas)), {
    result: false,
    invalidate: [chaveKeys.all],
    onSuccess: (res) => onRotated(res.data.chave, res.data.anterior_valido_ate),
  });
  return (
    <Modal opened onClose={onClose} title="Gerar novo segredo" centered>
      <Stack>
        <Text size="sm">
          A chave <b>{chave.nome}</b> ({chave.prefixo}) recebe um novo segredo, com os mesmos escopos, IPs e validade.
        </Text>
        <Select label="Sobreposição" description="Por quanto tempo o segredo atual continua funcionando." data={OPCOES} value={horas} onChange={(v) => setHoras(v ?? '24')} allowDeselect={false} />
        {horas === '0' && (
          <Alert color="red" title="Sem sobreposição">
            As chamadas com o segredo atual passam a ser recusadas imediatamente.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.busy}>
            Voltar
          </Button>
          <Button onClick={() => void send.run()} loading={send.busy}>
            Gerar novo segredo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
