import { useState } from 'react';
import { Badge, Button, FileInput, Group, Loader, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { CERTIFICADO_ALERTA_DIAS } from '@bg/domain';
import { DateText, Section } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { contaCobrancaKeys, contasBancoQuery } from '../api/conta-cobranca-queries';
import type { ContaBanco } from '../api/conta-banco';
import { enviarCertificado, removerCertificado } from '../api/certificado-banco';

type Valores = { arquivos: File[]; senha: string };
const BANCOS: Record<string, string> = { '001': 'Banco do Brasil', '104': 'Caixa' };
const contaLabel = (c: ContaBanco) => `${BANCOS[c.banco] ?? c.banco} — agência ${c.agencia}, beneficiário ${c.codigo_beneficiario}${c.ativa ? ' — em uso' : ''}`;

/** "vence em 12 dias", "vence hoje", "vencido há 3 dias". */
export function prazoCertificado(dias: number): string {
  if (dias < 0) return `vencido há ${-dias} dia${dias === -1 ? '' : 's'}`;
  if (dias === 0) return 'vence hoje';
  return `vence em ${dias} dia${dias === 1 ? '' : 's'}`;
}

/**
 * Certificado do banco (issue 26): the client certificate the bank asks for mutual TLS. Shows the
 * stored one (subject, validity, days left — red within 30 days or expired) and takes a new one:
 * a .pfx/.p12 with its password, or the PEM certificate and key (one file or two). The key never
 * comes back from the server; the password is sent once and not kept.
 */
export function CertificadoBancoSection() {
  const query = useQuery(contasBancoQuery());
  const [escolhida, setEscolhida] = useState<number | null>(null);
  const form = useForm<Valores>({
    initialValues: { arquivos: [], senha: '' },
    validate: { arquivos: (v) => (v.length === 0 ? 'Selecione o arquivo do certificado.' : v.length > 2 ? 'Envie no máximo 2 arquivos: o certificado e a chave.' : null) },
  });
  const enviar = useSubmit((contaId: number, v: Valores) => enviarCertificado(contaId, v.arquivos, v.senha), {
    form,
    invalidate: [contaCobrancaKeys.contas],
    onSuccess: () => form.reset(),
  });
  const remover = useSubmit((contaId: number) => removerCertificado(contaId), {
    confirm: { title: 'Remover o certificado?', text: 'As chamadas ao banco seguirão sem certificado do cliente; um banco que exige TLS mútuo vai recusá-las.', confirmLabel: 'Remover certificado', confirmColor: 'red' },
    invalidate: [contaCobrancaKeys.contas],
  });

  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Text c="red">{errorMessage(query.error, 'Não foi possível ler as contas de cobrança.')}</Text>;
  const contas = query.data;
  if (contas.length === 0) return null;
  const conta = contas.find((c) => c.id === escolhida) ?? contas[0];
  const cert = conta.certificado ?? null;

  return (
    <Section
      title="Certificado do banco"
      actions={
        cert ? (
          <Badge variant="light" color={cert.vencendo ? 'red' : 'teal'} data-testid="certificado-prazo">
            {prazoCertificado(cert.dias_restantes)}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Sem certificado
          </Badge>
        )
      }
    >
      <Stack gap="sm">
        {contas.length > 1 && (
          <Select label="Conta" allowDeselect={false} data={contas.map((c) => ({ value: String(c.id), label: contaLabel(c) }))} value={String(conta.id)} onChange={(v) => setEscolhida(v ? Number(v) : null)} />
        )}
        <Text size="sm" c="dimmed">
          Alguns bancos exigem TLS mútuo: cada chamada (o token e a API) vai com o certificado da conta. Envie o .pfx/.p12 com a senha, ou o certificado e a chave
          em PEM. A chave fica guardada cifrada e nunca é mostrada; o Início avisa {CERTIFICADO_ALERTA_DIAS} dias antes do vencimento.
        </Text>
        {cert ? (
          <Stack gap={2} data-testid="certificado-atual">
            <Text size="sm">
              <b>Titular:</b> {cert.subject}
            </Text>
            <Text size="sm" c={cert.vencendo ? 'red' : undefined}>
              <b>Validade:</b> <DateText value={cert.validade} /> ({prazoCertificado(cert.dias_restantes)})
            </Text>
          </Stack>
        ) : (
          <Text size="sm">Nenhum certificado enviado para esta conta.</Text>
        )}
        <form onSubmit={form.onSubmit((v) => enviar.run(conta.id, v))} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label="Arquivo do certificado"
              placeholder=".pfx, .p12 ou .pem (certificado e chave)"
              multiple
              clearable
              accept=".pfx,.p12,.pem,.crt,.cer,.key"
              style={{ flex: '1 1 260px' }}
              {...form.getInputProps('arquivos')}
            />
            <PasswordInput label="Senha do certificado" description="a do .pfx, ou da chave PEM cifrada" autoComplete="off" style={{ flex: '0 1 220px' }} {...form.getInputProps('senha')} />
            <Button type="submit" loading={enviar.busy}>
              {cert ? 'Trocar certificado' : 'Enviar certificado'}
            </Button>
            {cert && (
              <Button variant="subtle" color="red" loading={remover.busy} onClick={() => void remover.run(conta.id)}>
                Remover
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Section>
  );
}
