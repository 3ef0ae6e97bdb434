import { useState } from 'react';
import { Badge, Group, Select, Spoiler, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addDays, formatDateBR, formatPhone, REGUA_CANAIS, REGUA_DIAS_MAX, REGUA_DIAS_MIN, todayInSaoPaulo, REGUA_CANAL_LABEL, REGUA_TEMPLATES, reguaEtapaLabel, type ReguaCanal } from '@bg/domain';
import { DateText, MoneyText, PagedTable, SearchBox } from '../../../components';
import { empresasForSelectQuery } from '../../../lib/lookups';
import type { ProximoEnvio, ProximosFiltros } from '../api/regua';
import { useProximosList } from '../api/regua-queries';

const SITUACAO: Record<ProximoEnvio['situacao'], { label: string; color: string }> = {
  enviar: { label: 'SERÁ ENVIADA', color: 'teal' },
  limite_diario: { label: 'FICA PARA O DIA SEGUINTE', color: 'yellow' },
  recusou_canal: { label: 'CANAL RECUSADO', color: 'gray' },
  sem_contato: { label: 'SEM CONTATO', color: 'red' },
};

const destino = (e: ProximoEnvio) => (e.destinatario ? (e.canal === 'whatsapp' ? formatPhone(e.destinatario) : e.destinatario) : '—');

/**
 * "Próximos envios": tomorrow's messages of the régua (or another day up to 30 days ahead) before
 * they go — who, which boleto, which step and channel, and the text exactly as it will be sent
 * (the payer link is made at the send).
 */
export function ProximosEnvios() {
  const [filtros, setFiltros] = useState<ProximosFiltros>({ data: '', empresa_id: '', canal: '', dias: '' });
  const [diasTexto, setDiasTexto] = useState('');
  const hoje = todayInSaoPaulo();
  const dias = Array.from({ length: 7 }, (_, i) => addDays(hoje, i + 1));
  const list = useProximosList(filtros);
  const empresas = useQuery(empresasForSelectQuery());
  const apply = (patch: Partial<ProximosFiltros>) => {
    const next = { ...filtros, ...patch };
    setFiltros(next);
    list.setFilters(next);
  };
  const dia = (list.tableProps.result as { dia?: string } | undefined)?.dia;
  const onDias = (text: string) => {
    setDiasTexto(text);
    const n = Number(text.replace('−', '-'));
    if (text === '') apply({ dias: '' });
    else if (/^[-−]?\d{1,2}$/.test(text) && n >= REGUA_DIAS_MIN && n <= REGUA_DIAS_MAX) apply({ dias: String(n) });
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        As mensagens que a régua enviará {dia ? <>em <DateText value={dia} /></> : 'amanhã'}, com o texto de cada uma. Nada é enviado por esta tela.
      </Text>
      <Group align="flex-end">
        <Select
          label="Dia"
          w={170}
          data={dias.map((d, i) => ({ value: i === 0 ? '' : d, label: `${i === 0 ? 'Amanhã' : 'Em'} ${formatDateBR(d)}` }))}
          value={filtros.data}
          onChange={(v) => apply({ data: v ?? '' })}
          allowDeselect={false}
        />
        <Select
          label="Loja"
          w={240}
          searchable
          data={[{ value: '', label: 'TODAS' }, ...(empresas.data ?? []).map((e) => ({ value: String(e.value), label: e.label }))]}
          value={filtros.empresa_id}
          onChange={(v) => apply({ empresa_id: v ?? '' })}
          allowDeselect={false}
        />
        <Select
          label="Canal"
          w={150}
          data={[{ value: '', label: 'TODOS' }, ...REGUA_CANAIS.map((c) => ({ value: c, label: REGUA_CANAL_LABEL[c] }))]}
          value={filtros.canal}
          onChange={(v) => apply({ canal: (REGUA_CANAIS.find((c) => c === v) ?? '') as ReguaCanal | '' })}
          allowDeselect={false}
        />
        <TextInput label="Etapa (dia)" placeholder="ex.: 3 ou -10" w={130} value={diasTexto} onChange={(e) => onDias(e.currentTarget.value.trim())} />
      </Group>
      <SearchBox placeholder="Pesquisar por nome ou CPF/CNPJ do pagador" {...list.searchProps} onSearch={(text) => list.search(text, filtros)} />
      <PagedTable<ProximoEnvio>
        caption="Próximos envios"
        rowKey={(e) => `${e.boleto_id}:${e.dias}:${e.canal}`}
        {...list.tableProps}
        columns={[
          {
            key: 'pessoa',
            header: 'Pagador',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">{e.pessoa_nome}</Text>
                <Text size="xs" c="dimmed">
                  {e.loja}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'boleto',
            header: 'Boleto',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">
                  Boleto {e.boleto_id} · parcela {e.parcela}
                </Text>
                <Text size="xs" c="dimmed">
                  <MoneyText value={e.valor} /> · vence <DateText value={e.vencimento} />
                </Text>
              </Stack>
            ),
          },
          {
            key: 'etapa',
            header: 'Etapa',
            render: (e) => (
              <Stack gap={2}>
                <Text size="sm">{reguaEtapaLabel(e)}</Text>
                <Text size="xs" c="dimmed">
                  {REGUA_TEMPLATES[e.template].nome}
                  {e.adiado ? ' · adiada de outro dia' : ''}
                </Text>
              </Stack>
            ),
          },
          { key: 'destino', header: 'Destinatário', render: (e) => <Text size="sm" maw={180} style={{ overflowWrap: 'anywhere' }}>{destino(e)}</Text> },
          {
            key: 'texto',
            header: 'Mensagem',
            render: (e) => (
              <Stack gap={4} miw={220} maw={340}>
                {e.canal === 'email' && e.subject && <Text size="sm" fw={600}>{e.subject}</Text>}
                <Spoiler maxHeight={44} showLabel="Ver tudo" hideLabel="Ocultar">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {e.texto}
                  </Text>
                </Spoiler>
              </Stack>
            ),
          },
          { key: 'situacao', header: 'Situação', render: (e) => <Badge color={SITUACAO[e.situacao].color} variant="light">{SITUACAO[e.situacao].label}</Badge> },
        ]}
      />
    </Stack>
  );
}
