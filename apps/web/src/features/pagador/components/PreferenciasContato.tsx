import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { pagadorApi } from '../api/pagador';

/** The payer keeps or leaves WhatsApp and e-mail (LGPD: the choice is recorded with its date and origin). */
export function PreferenciasContato({ sessao, canais, onSaved }: { sessao: string; canais: { whatsapp: boolean; email: boolean }; onSaved: () => void }) {
  const [values, setValues] = useState(canais);
  const [busy, setBusy] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const changed = values.whatsapp !== canais.whatsapp || values.email !== canais.email;
  const save = async () => {
    setBusy(true);
    setMsg(null);
    try {
      const res = await pagadorApi.preferencias(sessao, values);
      setMsg({ ok: true, text: res.msg });
      onSaved();
    } catch (err) {
      setMsg({ ok: false, text: errorMessage(err, 'Não foi possível salvar agora. Tente novamente.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-label="Preferências de contato">
      <Stack gap="sm">
        <Title order={4}>Preferências de contato</Title>
        <Text size="sm" c="dimmed">
          Escolha se quer receber lembretes e avisos de cobrança por estes canais. Avisos exigidos por lei (como o aviso prévio de inclusão em cadastro de
          proteção ao crédito) continuam a ser enviados por carta.
        </Text>
        <Checkbox label="Receber mensagens por WhatsApp" checked={values.whatsapp} onChange={(e) => setValues({ ...values, whatsapp: e.currentTarget.checked })} />
        <Checkbox label="Receber mensagens por e-mail" checked={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.checked })} />
        {msg && (
          <Alert color={msg.ok ? 'teal' : 'red'} role={msg.ok ? 'status' : 'alert'}>
            {msg.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={busy} disabled={!changed}>
            Salvar preferências
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
