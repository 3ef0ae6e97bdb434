import { Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { ASSINATURA_MSG, assinaturaEnvioSchema } from '@bg/domain';
import { PhoneInput } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { zodValidate } from '../../../lib/zod-form';
import { enviarParaAssinatura } from '../api/assinatura-envio';
import { impressaoKeys } from '../api/impressao-queries';

type Values = { telefone: string; email: string };

/** The spec's §8 dialogs of the signature send (titles of their own, not the generic ones). */
function showEnvioResult(ok: boolean, detail?: string) {
  modals.open({
    title: ok ? ASSINATURA_MSG.enviadoTitulo : ASSINATURA_MSG.falhaTitulo,
    centered: true,
    size: 'sm',
    children: (
      <Stack align="center" gap="sm" py="xs" data-result={ok ? 'success' : 'error'}>
        <ThemeIcon size={48} radius="xl" color={ok ? 'teal' : 'red'} variant="light" aria-hidden>
          <Text fw={700} fz={24} lh={1}>
            {ok ? '✓' : '✕'}
          </Text>
        </ThemeIcon>
        <Text ta="center">{ok ? ASSINATURA_MSG.enviadoTexto : ASSINATURA_MSG.falhaTexto}</Text>
        {detail && (
          <Text ta="center" size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    ),
  });
}

export interface AssinaturaModalProps {
  garantiaId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * "Assinatura digital" (spec §2 Boletos da Garantia, §5 Signature): phone (WhatsApp) and e-mail,
 * both required; Enviar sends the duplicatas for signature and shows the spec's §8 dialogs.
 */
export function AssinaturaModal({ garantiaId, opened, onClose }: AssinaturaModalProps) {
  const form = useForm<Values>({ initialValues: { telefone: '', email: '' }, validate: zodValidate(assinaturaEnvioSchema) });
  const close = () => {
    form.reset();
    onClose();
  };
  const send = useSubmit((values: Values) => enviarParaAssinatura(garantiaId, values), {
    form,
    result: false,
    error: 'none',
    invalidate: [impressaoKeys.assinaturas(garantiaId)],
    onSuccess: () => {
      close();
      showEnvioResult(true);
    },
    onError: (err) => {
      // field messages stay on the form; anything else gets the spec's failure dialog and the reason
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length) return;
      showEnvioResult(false, err instanceof ApiError ? err.body.msg : undefined);
    },
  });
  return (
    <Modal opened={opened} onClose={close} title="Assinatura digital" centered>
      <form onSubmit={form.onSubmit((values) => void send.run(values))} noValidate>
        <Stack>
          <Text size="sm">Informe o WhatsApp e o e-mail do cliente: ele receberá o link para conferir e assinar as duplicatas.</Text>
          <PhoneInput label="Telefone (WhatsApp)" allowSpace withAsterisk data-autofocus {...form.getInputProps('telefone')} />
          <TextInput label="E-mail" type="email" withAsterisk maxLength={150} {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={send.busy}>
              Fechar
            </Button>
            <Button type="submit" loading={send.busy}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
