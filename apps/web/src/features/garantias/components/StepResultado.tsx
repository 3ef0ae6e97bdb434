import type { ReactNode } from 'react';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { GARANTIA_MSG } from '@bg/domain';
import { ResultIcon, ServerHtml } from '../../../components';
import { AvaliacaoPanel, type AvaliacaoPanelProps } from '../../../components/AvaliacaoPanel';

/** How the documents sent after the request went: none chosen, on the way, sent, or refused (why). */
export type DocumentsUpload = 'none' | 'sending' | 'sent' | { failed: string };

export type WizardOutcome = { kind: 'sent'; protocolo: string; pessoaId: number; documents: DocumentsUpload; garantiaId?: number; avaliacao?: AvaliacaoPanelProps['avaliacao'] } | { kind: 'restricted'; html: string };

export interface StepResultadoProps {
  outcome: WizardOutcome;
  chatUrl: string;
  /** Shown under a failed upload: the way to send the documents again. */
  retry?: ReactNode;
}

/** RESULTADO of the wizard (spec §4 Wizard). */
export function StepResultado({ outcome, chatUrl, retry }: StepResultadoProps) {
  if (outcome.kind === 'restricted') {
    return (
      <Stack align="center" gap="sm" py="md" data-result="restricted">
        <ResultIcon ok={false} size={56} />
        <Title order={3} ta="center">
          {GARANTIA_MSG.restrictedTitle}
        </Title>
        <Text ta="center">{GARANTIA_MSG.restrictedText}</Text>
        <ServerHtml html={outcome.html} maw={640} />
      </Stack>
    );
  }
  const resultado = outcome.avaliacao?.resultado;
  return (
    <Stack align="center" gap="sm" py="md" data-result="sent">
      <ResultIcon ok={resultado !== 'NEGAR'} size={56} />
      <Title order={3} ta="center">
        {resultado === 'APROVAR' ? 'Garantia aprovada automaticamente pela política de crédito!' : resultado === 'NEGAR' ? 'Solicitação não aprovada pela política de crédito.' : GARANTIA_MSG.sentTitle}
      </Title>
      {outcome.avaliacao && outcome.garantiaId && (
        <AvaliacaoPanel garantiaId={outcome.garantiaId} avaliacao={outcome.avaliacao} revisao={null} revisavel={resultado === 'NEGAR'} />
      )}
      <Text ta="center" maw={560}>
        Para efetivar a garantia, entre em contato pelo{' '}
        <Anchor href={chatUrl} target="_blank" rel="noopener noreferrer">
          Chat
        </Anchor>{' '}
        e informe o seu código de acesso:
      </Text>
      <Badge size="xl" variant="outline" radius="sm" data-testid="codigo-acesso">
        {outcome.protocolo}
      </Badge>
      <DocumentsStatus documents={outcome.documents} />
      {typeof outcome.documents === 'object' && retry}
    </Stack>
  );
}

function DocumentsStatus({ documents }: { documents: DocumentsUpload }) {
  if (documents === 'none') return null;
  if (documents === 'sending') return <Text size="sm" c="dimmed">Enviando os documentos…</Text>;
  if (documents === 'sent') return <Text size="sm" c="teal">Documentos enviados.</Text>;
  return (
    <Text c="orange" size="sm" ta="center" role="alert">
      A solicitação foi enviada, mas os documentos não: {documents.failed}
    </Text>
  );
}
