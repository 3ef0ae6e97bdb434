import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { ACOES_REGRA, POLITICA_PADRAO, RESULTADO_CREDITO_LABEL, RESULTADOS_CREDITO, formatCpfCnpj, type FaixaScore, type RegrasPolitica } from '@bg/domain';
import { DateText, MoneyInput, PageHeader } from '../../../components';
import { useSubmit } from '../../../lib/use-submit';
import { creditoApi, creditoKeys, type Politica, type PoliticaBody, type RevisaoItem, type Simulacao } from '../api/credito';

const ACAO_LABEL: Record<string, string> = { NEGAR: 'Negar', ANALISAR: 'Enviar para análise', IGNORAR: 'Não aplicar' };
const REGRAS: { chave: keyof RegrasPolitica; label: string }[] = [
  { chave: 'cpf_suspeito', label: 'Documento na lista de suspeitos' },
  { chave: 'spc_ativo', label: 'Inclusão ativa no SPC' },
  { chave: 'inadimplencia', label: 'Dívida vencida em aberto' },
  { chave: 'restricao_externa', label: 'Restrição informada pelo birô' },
  { chave: 'menor_idade', label: 'Idade abaixo de 18 anos' },
  { chave: 'renda_minima', label: 'Renda abaixo da mínima' },
];
const STATUS_COLOR: Record<string, string> = { RASCUNHO: 'yellow', PUBLICADA: 'green', SUBSTITUIDA: 'gray' };
const STATUS_LABEL: Record<string, string> = { RASCUNHO: 'Rascunho', PUBLICADA: 'Publicada', SUBSTITUIDA: 'Substituída' };

const padrao = (): PoliticaBody => ({
  regras: POLITICA_PADRAO.regras,
  limites: { boleto: 5000, garantia: 30000, loja: null, documento: 50000 },
  liberacao_automatica: false,
  observacao: '',
});
const fromPolitica = (p: Politica): PoliticaBody => ({ regras: p.regras, limites: p.limites, liberacao_automatica: p.liberacao_automatica, observacao: p.observacao ?? '' });

/** Administração > Política de Crédito (issue 29, docs/credito.md): versions, the draft, simulation, reviews. */
export function PoliticaCreditoPage() {
  return (
    <Stack>
      <PageHeader title="Política de Crédito" />
      <Tabs defaultValue="versoes">
        <Tabs.List>
          <Tabs.Tab value="versoes">Versões e rascunho</Tabs.Tab>
          <Tabs.Tab value="revisoes">Revisões (LGPD art. 20)</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="versoes" pt="md"><Versoes /></Tabs.Panel>
        <Tabs.Panel value="revisoes" pt="md"><Revisoes /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Versoes() {
  const list = useQuery({ queryKey: creditoKeys.politicas, queryFn: () => creditoApi.list() });
  const versoes = list.data?.data ?? [];
  const rascunho = versoes.find((v) => v.status === 'RASCUNHO');
  const publicada = versoes.find((v) => v.status === 'PUBLICADA');
  const [vendo, setVendo] = useState<number | null>(null);
  return (
    <Stack>
      {!publicada && <Alert color="yellow">Nenhuma política publicada: todas as solicitações vão para a análise.</Alert>}
      <Editor key={rascunho?.id ?? `novo-${publicada?.id ?? 0}`} rascunhoId={rascunho?.id ?? null} baseId={rascunho?.id ?? publicada?.id ?? null} publicadaId={publicada?.id ?? null} />
      <Paper withBorder p="md">
        <Title order={4} mb="sm">Versões</Title>
        <Table aria-label="Versões da política" striped>
          <Table.Thead>
            <Table.Tr><Table.Th>Versão</Table.Th><Table.Th>Situação</Table.Th><Table.Th>Criada</Table.Th><Table.Th>Publicada</Table.Th><Table.Th>Avaliações</Table.Th><Table.Th>Observação</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versoes.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.versao}</Table.Td>
                <Table.Td><Badge color={STATUS_COLOR[v.status]}>{STATUS_LABEL[v.status]}</Badge></Table.Td>
                <Table.Td>{v.criado_por}, <DateText value={v.criado_em} withTime /></Table.Td>
                <Table.Td>{v.publicado_em ? <>{v.publicado_por}, <DateText value={v.publicado_em} withTime /></> : '—'}</Table.Td>
                <Table.Td>{v.avaliacoes}</Table.Td>
                <Table.Td>{v.observacao ?? '—'}</Table.Td>
                <Table.Td><Button size="xs" variant="light" onClick={() => setVendo(vendo === v.id ? null : v.id)}>{vendo === v.id ? 'Fechar' : 'Ver'}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {vendo !== null && <VersaoDetalhe id={vendo} comparaCom={publicada?.id ?? null} />}
      </Paper>
    </Stack>
  );
}

function usePolitica(id: number | null) {
  return useQuery({ queryKey: creditoKeys.politica(id ?? 0), queryFn: () => creditoApi.get(id!), enabled: id !== null });
}

/** One version read-only, each rule marked where it differs from the published one. */
function VersaoDetalhe({ id, comparaCom }: { id: number; comparaCom: number | null }) {
  const p = usePolitica(id).data?.data;
  const base = usePolitica(comparaCom !== id ? comparaCom : null).data?.data;
  if (!p) return null;
  const linhas: [string, string, string | null][] = [
    ...REGRAS.map(({ chave, label }) => [label, ACAO_LABEL[String(p.regras[chave])], base ? ACAO_LABEL[String(base.regras[chave])] : null] as [string, string, string | null]),
    ['Renda mínima (R$)', String(p.regras.renda_minima_cents / 100), base ? String(base.regras.renda_minima_cents / 100) : null],
    ['Faixas de score', faixasTexto(p.regras.faixas_score), base ? faixasTexto(base.regras.faixas_score) : null],
    ['Acima de um limite', ACAO_LABEL[p.regras.excesso_limite], base ? ACAO_LABEL[base.regras.excesso_limite] : null],
    ['Limite por boleto', String(p.limites.boleto ?? 'sem limite'), base ? String(base.limites.boleto ?? 'sem limite') : null],
    ['Limite por garantia', String(p.limites.garantia ?? 'sem limite'), base ? String(base.limites.garantia ?? 'sem limite') : null],
    ['Limite por loja', String(p.limites.loja ?? 'sem limite'), base ? String(base.limites.loja ?? 'sem limite') : null],
    ['Limite por CPF/CNPJ (todas as lojas)', String(p.limites.documento ?? 'sem limite'), base ? String(base.limites.documento ?? 'sem limite') : null],
    ['Liberação automática dos boletos', p.liberacao_automatica ? 'Sim' : 'Não', base ? (base.liberacao_automatica ? 'Sim' : 'Não') : null],
  ];
  return (
    <Table mt="md" aria-label={`Versão ${p.versao}`}>
      <Table.Thead><Table.Tr><Table.Th>Item</Table.Th><Table.Th>Versão {p.versao}</Table.Th>{base && <Table.Th>Publicada (v{base.versao})</Table.Th>}</Table.Tr></Table.Thead>
      <Table.Tbody>
        {linhas.map(([item, valor, pub]) => (
          <Table.Tr key={item} style={pub !== null && pub !== valor ? { background: 'var(--mantine-color-yellow-1)' } : undefined}>
            <Table.Td>{item}</Table.Td><Table.Td>{valor}</Table.Td>{base && <Table.Td>{pub}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const faixasTexto = (f: FaixaScore[]) => f.map((x) => `${x.de}–${x.ate}: ${RESULTADO_CREDITO_LABEL[x.resultado]}`).join('; ');

function Editor({ rascunhoId, baseId, publicadaId }: { rascunhoId: number | null; baseId: number | null; publicadaId: number | null }) {
  const base = usePolitica(baseId).data?.data;
  const [valor, setValor] = useState<PoliticaBody | null>(null);
  const v = valor ?? (base ? fromPolitica(base) : baseId === null ? padrao() : null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useSubmit((body: PoliticaBody) => creditoApi.salvar(body), { form: { setErrors: setErros }, invalidate: [creditoKeys.all] });
  const publicar = useSubmit((id: number) => creditoApi.publicar(id), {
    confirm: { title: 'Publicar a política', text: 'A versão publicada passará a decidir as próximas solicitações; a atual fica guardada como substituída.', confirmLabel: 'Publicar' },
    invalidate: [creditoKeys.all],
  });
  const descartar = useSubmit((id: number) => creditoApi.descartar(id), { confirm: { title: 'Descartar rascunho', text: 'Descartar as alterações do rascunho?', confirmLabel: 'Descartar', confirmColor: 'red' }, invalidate: [creditoKeys.all] });
  if (!v) return null;
  const set = (patch: Partial<PoliticaBody>) => setValor({ ...v, ...patch });
  const setRegra = (patch: Partial<RegrasPolitica>) => set({ regras: { ...v.regras, ...patch } });
  const faixas = v.regras.faixas_score;
  const setFaixa = (i: number, patch: Partial<FaixaScore>) => setRegra({ faixas_score: faixas.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{rascunhoId ? 'Rascunho' : publicadaId ? 'Nova versão (a partir da publicada)' : 'Nova versão'}</Title>
        {rascunhoId && <Badge color="yellow">Rascunho não publicado</Badge>}
      </Group>
      <Title order={5}>Regras impeditivas</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        {REGRAS.map(({ chave, label }) => (
          <Select key={chave} label={label} data={ACOES_REGRA.map((a) => ({ value: a, label: ACAO_LABEL[a] }))} value={String(v.regras[chave])} allowDeselect={false}
            onChange={(a) => a && setRegra({ [chave]: a } as Partial<RegrasPolitica>)} error={erros[`regras.${chave}`]} />
        ))}
        <MoneyInput label="Renda mínima" value={v.regras.renda_minima_cents / 100} onChange={(r) => setRegra({ renda_minima_cents: Math.round((r ?? 0) * 100) })} />
        <Select label="Acima de um limite" data={[{ value: 'ANALISAR', label: 'Enviar para análise' }, { value: 'NEGAR', label: 'Negar' }]} value={v.regras.excesso_limite} allowDeselect={false}
          onChange={(a) => a && setRegra({ excesso_limite: a as 'NEGAR' | 'ANALISAR' })} />
      </SimpleGrid>
      <Title order={5}>Faixas de score (0–1000)</Title>
      <Table aria-label="Faixas de score" mb="xs">
        <Table.Thead><Table.Tr><Table.Th>De</Table.Th><Table.Th>Até</Table.Th><Table.Th>Resultado</Table.Th><Table.Th /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {faixas.map((f, i) => (
            <Table.Tr key={i}>
              <Table.Td><NumberInput aria-label={`Faixa ${i + 1} de`} value={f.de} min={0} max={1000} allowDecimal={false} onChange={(n) => setFaixa(i, { de: Number(n) || 0 })} error={erros[`regras.faixas_score.${i}.de`]} /></Table.Td>
              <Table.Td><NumberInput aria-label={`Faixa ${i + 1} até`} value={f.ate} min={0} max={1000} allowDecimal={false} onChange={(n) => setFaixa(i, { ate: Number(n) || 0 })} error={erros[`regras.faixas_score.${i}.ate`]} /></Table.Td>
              <Table.Td><Select aria-label={`Faixa ${i + 1} resultado`} data={RESULTADOS_CREDITO.map((r) => ({ value: r, label: RESULTADO_CREDITO_LABEL[r] }))} value={f.resultado} allowDeselect={false} onChange={(r) => r && setFaixa(i, { resultado: r as FaixaScore['resultado'] })} /></Table.Td>
              <Table.Td>{faixas.length > 1 && <Button size="xs" variant="subtle" color="red" onClick={() => setRegra({ faixas_score: faixas.filter((_, j) => j !== i) })}>Remover</Button>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {erros['regras.faixas_score'] && <Text c="red" size="sm">{erros['regras.faixas_score']}</Text>}
      <Button size="xs" variant="light" mb="md" onClick={() => setRegra({ faixas_score: [...faixas, { de: 1000, ate: 1000, resultado: 'ANALISAR' }] })}>Adicionar faixa</Button>
      <Title order={5}>Limites (em branco: sem limite)</Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="md">
        <MoneyInput label="Por boleto" value={v.limites.boleto as number | null} onChange={(x) => set({ limites: { ...v.limites, boleto: x } })} error={erros['limites.boleto']} />
        <MoneyInput label="Por garantia" value={v.limites.garantia as number | null} onChange={(x) => set({ limites: { ...v.limites, garantia: x } })} error={erros['limites.garantia']} />
        <MoneyInput label="Por loja (em aberto)" value={v.limites.loja as number | null} onChange={(x) => set({ limites: { ...v.limites, loja: x } })} error={erros['limites.loja']} />
        <MoneyInput label="Por CPF/CNPJ, todas as lojas" value={v.limites.documento as number | null} onChange={(x) => set({ limites: { ...v.limites, documento: x } })} error={erros['limites.documento']} />
      </SimpleGrid>
      <Checkbox mb="sm" label="Aprovação automática também libera os boletos" checked={v.liberacao_automatica} onChange={(e) => set({ liberacao_automatica: e.currentTarget.checked })} />
      <Textarea label="Observação" value={v.observacao ?? ''} maxLength={2000} onChange={(e) => set({ observacao: e.currentTarget.value })} mb="md" />
      <Group>
        <Button loading={salvar.busy} onClick={() => void salvar.run(v)}>Salvar rascunho</Button>
        {rascunhoId && <Button color="green" loading={publicar.busy} onClick={() => void publicar.run(rascunhoId)}>Publicar</Button>}
        {rascunhoId && <Button variant="light" color="red" onClick={() => void descartar.run(rascunhoId)}>Descartar rascunho</Button>}
      </Group>
      {rascunhoId && <Simular id={rascunhoId} />}
    </Paper>
  );
}

function Simular({ id }: { id: number }) {
  const [meses, setMeses] = useState(6);
  const [res, setRes] = useState<Simulacao | null>(null);
  const simular = useSubmit(() => creditoApi.simular(id, meses), { onSuccess: (r) => setRes(r.data), result: false });
  return (
    <Stack mt="lg">
      <Title order={5}>Simular o rascunho</Title>
      <Group align="end">
        <NumberInput label="Últimos meses" value={meses} min={1} max={24} allowDecimal={false} onChange={(n) => setMeses(Number(n) || 1)} w={140} />
        <Button variant="light" loading={simular.busy} onClick={() => void simular.run()}>Simular</Button>
      </Group>
      {res && (
        <Stack>
          <Text>
            Desde <DateText value={res.desde} />: {res.solicitacoes} solicitações — aprovação automática de {res.taxa_aprovacao.toLocaleString('pt-BR')}% ({res.por_resultado.APROVAR} aprovar, {res.por_resultado.ANALISAR} análise, {res.por_resultado.NEGAR} negar).
          </Text>
          <Text>
            Inadimplência das que seriam aprovadas: {res.inadimplencia_aprovadas === null ? 'sem histórico' : `${res.inadimplencia_aprovadas.toLocaleString('pt-BR')}% de ${res.aprovadas_com_historico} garantidas`}.
          </Text>
          <Table aria-label="O que mudaria" striped>
            <Table.Thead><Table.Tr><Table.Th>Protocolo</Table.Th><Table.Th>Data</Table.Th><Table.Th>Loja</Table.Th><Table.Th>Situação real</Table.Th><Table.Th>Decisão atual</Table.Th><Table.Th>Simulada</Table.Th><Table.Th>Motivos</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {res.mudancas.map((m) => (
                <Table.Tr key={m.garantia_id}>
                  <Table.Td>{m.protocolo}</Table.Td><Table.Td><DateText value={m.data} /></Table.Td><Table.Td>{m.loja}</Table.Td><Table.Td>{m.status_real}{m.inadimplente ? ' (inadimplente)' : ''}</Table.Td>
                  <Table.Td>{m.resultado_atual ? RESULTADO_CREDITO_LABEL[m.resultado_atual] : '—'}</Table.Td><Table.Td>{RESULTADO_CREDITO_LABEL[m.resultado_simulado]}</Table.Td><Table.Td>{m.motivos.join(' ')}</Table.Td>
                </Table.Tr>
              ))}
              {res.mudancas.length === 0 && <Table.Tr><Table.Td colSpan={7}>Nenhuma decisão mudaria.</Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

function Revisoes() {
  const [status, setStatus] = useState<'PENDENTE' | 'MANTIDA' | 'REVERTIDA' | 'TODAS'>('PENDENTE');
  const list = useQuery({ queryKey: creditoKeys.revisoes(status), queryFn: () => creditoApi.revisoes(status) });
  return (
    <Stack>
      <Select label="Situação" w={220} data={[{ value: 'PENDENTE', label: 'Pendentes' }, { value: 'MANTIDA', label: 'Negativa mantida' }, { value: 'REVERTIDA', label: 'Negativa revertida' }, { value: 'TODAS', label: 'Todas' }]}
        value={status} allowDeselect={false} onChange={(s) => s && setStatus(s as typeof status)} />
      {(list.data?.data ?? []).map((r) => <RevisaoCard key={r.id} r={r} />)}
      {list.data && list.data.data.length === 0 && <Text>Nenhuma revisão.</Text>}
    </Stack>
  );
}

function RevisaoCard({ r }: { r: RevisaoItem }) {
  const [fund, setFund] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  // a refused reasoning: its message under the field and the 3 s alert bar (no blocking dialog)
  const decidir = useSubmit((decisao: 'MANTIDA' | 'REVERTIDA') => creditoApi.decidir(r.id, { decisao, fundamentacao: fund }), { form: { setErrors: setErros }, invalidate: [creditoKeys.all], error: 'alert' });
  return (
    <Paper withBorder p="md" aria-label={`Revisão da garantia ${r.protocolo}`}>
      <Group justify="space-between">
        <Text fw={600}>Garantia {r.protocolo} — {r.pessoa} ({formatCpfCnpj(r.cpf_cnpj)}) — {r.loja}</Text>
        {r.status === 'PENDENTE'
          ? <Badge color={r.dias_restantes < 0 ? 'red' : r.dias_restantes <= 2 ? 'orange' : 'blue'}>Prazo: <DateText value={r.prazo} /> ({r.dias_restantes < 0 ? `vencido há ${-r.dias_restantes} dia(s)` : `${r.dias_restantes} dia(s)`})</Badge>
          : <Badge color={r.status === 'REVERTIDA' ? 'green' : 'gray'}>{r.status === 'REVERTIDA' ? 'Negativa revertida' : 'Negativa mantida'}</Badge>}
      </Group>
      <Text size="sm">Solicitada em <DateText value={r.solicitada_em} withTime /> por {r.solicitada_por ?? '—'}{r.justificativa ? `: “${r.justificativa}”` : ''}</Text>
      {r.avaliacao && <Text size="sm">Política v{r.avaliacao.versao}: {r.avaliacao.motivos.map((m) => m.texto).join(' ')}</Text>}
      <Text size="sm"><a href={`/operacao/garantias/detalhe/${r.garantia_id}`}>Abrir a análise da garantia</a></Text>
      {r.status === 'PENDENTE' ? (
        <Stack mt="sm">
          <Textarea label="Fundamentação" withAsterisk value={fund} onChange={(e) => setFund(e.currentTarget.value)} error={erros.fundamentacao} minRows={3} />
          <Group>
            <Button color="green" loading={decidir.busy} onClick={() => void decidir.run('REVERTIDA')}>Reverter a negativa</Button>
            <Button color="red" variant="light" loading={decidir.busy} onClick={() => void decidir.run('MANTIDA')}>Manter a negativa</Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt="xs">Decidida por {r.decidida_por} em {r.decidida_em && <DateText value={r.decidida_em} withTime />}: {r.fundamentacao}</Text>
      )}
    </Paper>
  );
}
