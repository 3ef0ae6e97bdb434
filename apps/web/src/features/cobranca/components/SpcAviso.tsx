import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CODIGO_RASTREIO_RE, COBRANCA_MSG, todayInSaoPaulo } from '@bg/domain';
import { DateField, dateText, showError } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { withNewTab } from '../../../lib/new-tab';
import { useSubmit } from '../../../lib/use-submit';
import type { BoletoPendente } from '../api/cobranca';
import { cobrancaKeys } from '../api/cobranca-queries';
import { spcCartaApi } from '../api/spc-carta';

type Spc = NonNullable<BoletoPendente['spc']>;

/** The notice letter (PDF) of an SPC record, in a new tab. */
export const abrirCartaSpc = (spcId: number) => withNewTab(() => spcCartaApi.cartaUrl(spcId), (url) => url).catch((err) => showError(errorMessage(err)));

/**
 * The SPC cell of an AVISADA boleto (decision 116): the notice is a registered letter. Before the
 * posting: "Aviso emitido em …, aguardando a postagem da carta" with the letter and "Registrar
 * postagem"; after: "Aviso postado em …, inclusão prevista para …" with the AR code.
 */
export function SpcAviso({ spc, pessoaId }: { spc: Spc; pessoaId: number }) {
  const [open, setOpen] = useState(false);
  const postada = spc.carta_postada_em !== null;
  return (
    <Stack gap={4}>
      {postada ? (
        <Text size="sm">{`Aviso postado em ${dateText(spc.carta_postada_em)}, inclusão prevista para ${dateText(spc.inclusao_prevista)}`}</Text>
      ) : (
        <Text size="sm">{`Aviso emitido em ${dateText(spc.aviso_em ?? spc.incluido_em)}, aguardando a postagem da carta`}</Text>
      )}
      {postada && spc.carta_rastreio && (
        <Text size="xs" c="dimmed">{`AR ${spc.carta_rastreio}`}</Text>
      )}
      <Group gap="xs">
        <Button size="compact-xs" variant="default" onClick={() => void abrirCartaSpc(spc.id)} aria-label={`Carta de aviso do SPC nº ${spc.id}`}>
          Carta de aviso
        </Button>
        <Button size="compact-xs" variant="light" onClick={() => setOpen(true)}>
          {postada ? 'Corrigir postagem' : 'Registrar postagem'}
        </Button>
      </Group>
      <PostagemModal spc={spc} pessoaId={pessoaId} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

function PostagemModal({ spc, pessoaId, opened, onClose }: { spc: Spc; pessoaId: number; opened: boolean; onClose: () => void }) {
  const hoje = todayInSaoPaulo();
  const form = useForm({
    initialValues: { data_postagem: spc.carta_postada_em ?? hoje, codigo_rastreio: spc.carta_rastreio ?? '' },
    validate: {
      data_postagem: (v) => (!v ? 'Informe a data de postagem.' : v > hoje ? COBRANCA_MSG.spcPostagemData : null),
      codigo_rastreio: (v) => (CODIGO_RASTREIO_RE.test(v.toUpperCase().replace(/[\s.-]/g, '')) ? null : COBRANCA_MSG.spcRastreioInvalido),
    },
  });
  const save = useSubmit((values: typeof form.values) => spcCartaApi.registrarPostagem(spc.id, values), {
    form,
    invalidate: [cobrancaKeys.inadimplente(pessoaId), cobrancaKeys.inadimplentes],
    onSuccess: onClose,
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Postagem da carta de aviso (AR)">
      <form onSubmit={form.onSubmit((values) => void save.run(values))} noValidate>
        <Stack>
          <Text size="sm">
            Informe a data em que a carta registrada foi postada e o código de rastreamento do Aviso de Recebimento. O prazo do aviso prévio conta a partir da postagem.
          </Text>
          <DateField label="Data de postagem" withAsterisk maxDate={hoje} {...form.getInputProps('data_postagem')} />
          <TextInput label="Código de rastreamento do AR" placeholder="AR123456789BR" withAsterisk maxLength={20} {...form.getInputProps('codigo_rastreio')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.busy}>
              Registrar postagem
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
