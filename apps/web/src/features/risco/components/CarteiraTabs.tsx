import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Select, Stack, Table } from '@mantine/core';
import { faixaDescricao, type FaixaRisco } from '@bg/domain';
import { MoneyText, moneyText } from '../../../components';
import type { CuraAcordo, Perdas, Periodo, PrimeiroPagamento, Rolagem, Vintage } from '../api/risco';
import { mesText, pctText, Quadro, right, Vazio } from './common';

const CORES = ['blue.6', 'teal.6', 'violet.6', 'orange.6', 'red.6', 'grape.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6', 'gray.6'];
const pctFmt = (v: number) => pctText(v);

/** Vintage curves (one line per safra: % of value > 30 days late by month on book) and the over-30/over-90 ratios. */
export function SafrasTab({ v, filtro }: { v: Vintage; filtro: Periodo }) {
  const maxMob = Math.max(0, ...v.safras.flatMap((s) => s.pontos.map((p) => p.mob)));
  const curva = Array.from({ length: maxMob + 1 }, (_, mob) => ({
    mob: `MOB ${mob}`,
    ...Object.fromEntries(v.safras.map((s) => [mesText(s.safra), s.pontos.find((p) => p.mob === mob)?.pct30])),
  }));
  return (
    <Stack>
      <Quadro
        titulo="Safras: % do valor com mais de 30 e de 90 dias de atraso por mês na carteira"
        quadro="vintage"
        filtro={filtro}
        nota="Cada safra reúne as garantias aprovadas no mês; o MOB 0 é o próprio mês da aprovação. A curva mostra mais de 30 dias; a tabela, 30 e 90."
        chart={<LineChart h={260} data={curva} dataKey="mob" valueFormatter={pctFmt} withLegend connectNulls={false} series={v.safras.map((s, i) => ({ name: mesText(s.safra), color: CORES[i % CORES.length]! }))} />}
      >
        <Table striped withTableBorder aria-label="Safras">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Safra</Table.Th>
              <Table.Th style={right}>Garantias</Table.Th>
              <Table.Th style={right}>Valor aprovado</Table.Th>
              <Table.Th style={right}>MOB</Table.Th>
              <Table.Th>Mês</Table.Th>
              <Table.Th style={right}>&gt; 30 dias</Table.Th>
              <Table.Th style={right}>&gt; 90 dias</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.safras.length === 0 && <Vazio cols={7} />}
            {v.safras.flatMap((s) =>
              s.pontos.map((p) => (
                <Table.Tr key={`${s.safra}-${p.mob}`}>
                  <Table.Td>{mesText(s.safra)}</Table.Td>
                  <Table.Td style={right}>{s.garantias}</Table.Td>
                  <Table.Td style={right}><MoneyText value={s.valor} /></Table.Td>
                  <Table.Td style={right}>{p.mob}</Table.Td>
                  <Table.Td>{mesText(p.mes)}</Table.Td>
                  <Table.Td style={right}>{pctText(p.pct30)}</Table.Td>
                  <Table.Td style={right}>{pctText(p.pct90)}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Quadro>
      <Quadro
        titulo="Over-30 e over-90 da carteira"
        quadro="razoes"
        filtro={filtro}
        chart={<LineChart h={220} data={v.razoes.map((r) => ({ mes: mesText(r.mes), over30: r.over30, over90: r.over90 }))} dataKey="mes" valueFormatter={pctFmt} withLegend series={[{ name: 'over30', label: 'Over-30', color: 'orange.6' }, { name: 'over90', label: 'Over-90', color: 'red.6' }]} />}
      >
        <Table striped withTableBorder aria-label="Over-30 e over-90">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              <Table.Th style={right}>Carteira</Table.Th>
              <Table.Th style={right}>&gt; 30 dias</Table.Th>
              <Table.Th style={right}>&gt; 90 dias</Table.Th>
              <Table.Th style={right}>Over-30</Table.Th>
              <Table.Th style={right}>Over-90</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.razoes.length === 0 && <Vazio cols={6} />}
            {v.razoes.map((r) => (
              <Table.Tr key={r.mes}>
                <Table.Td>{mesText(r.mes)}</Table.Td>
                <Table.Td style={right}><MoneyText value={r.carteira} /></Table.Td>
                <Table.Td style={right}><MoneyText value={r.valor_30} /></Table.Td>
                <Table.Td style={right}><MoneyText value={r.valor_90} /></Table.Td>
                <Table.Td style={right}>{pctText(r.over30)}</Table.Td>
                <Table.Td style={right}>{pctText(r.over90)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Quadro>
    </Stack>
  );
}

const nomeFaixa = (f: string) => (f === 'PG' ? 'Saiu da carteira' : `${f} (${faixaDescricao(f as FaixaRisco)})`);

/** Roll rates of one month: from each bucket at the end of the month before to where it is now. */
export function RolagemTab({ r, mes, onMes }: { r: Rolagem; mes: string | undefined; onMes: (m: string | undefined) => void }) {
  return (
    <Stack>
      <Select
        label="Mês"
        w={200}
        data={r.meses.map((m) => ({ value: m.slice(0, 7), label: mesText(m) }))}
        value={mes ?? r.mes?.slice(0, 7) ?? null}
        onChange={(v) => onMes(v ?? undefined)}
        allowDeselect={false}
      />
      <Quadro
        titulo={`Rolagem entre faixas: fim de ${mesText(r.mes)} contra o mês anterior`}
        quadro="rolagem"
        filtro={mes ? { mes } : {}}
        nota="Faixas da Res. CMN 2.682 pelos dias de atraso. “Saiu da carteira”: pago, cancelado ou substituído por acordo."
        chart={<BarChart h={220} data={r.piora.map((p) => ({ mes: mesText(p.mes), taxa: p.taxa }))} dataKey="mes" valueFormatter={pctFmt} series={[{ name: 'taxa', label: 'Rolou para faixa pior', color: 'red.6' }]} />}
      >
        <Table striped withTableBorder aria-label="Rolagem">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>De</Table.Th>
              <Table.Th>Para</Table.Th>
              <Table.Th style={right}>Boletos</Table.Th>
              <Table.Th style={right}>Valor</Table.Th>
              <Table.Th style={right}>Taxa</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.linhas.length === 0 && <Vazio cols={5} />}
            {r.linhas.flatMap((l) =>
              l.destinos.map((d) => (
                <Table.Tr key={`${l.de}-${d.para}`}>
                  <Table.Td>{nomeFaixa(l.de)}</Table.Td>
                  <Table.Td>{nomeFaixa(d.para)}</Table.Td>
                  <Table.Td style={right}>{d.boletos}</Table.Td>
                  <Table.Td style={right}><MoneyText value={d.valor} /></Table.Td>
                  <Table.Td style={right}>{pctText(d.taxa)}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </Quadro>
    </Stack>
  );
}

/** First-payment default by safra. */
export function PrimeiroPagamentoTab({ f, filtro }: { f: PrimeiroPagamento; filtro: Periodo }) {
  return (
    <Quadro
      titulo="Inadimplência no primeiro pagamento"
      quadro="primeiro_pagamento"
      filtro={filtro}
      nota="Garantias cuja 1ª parcela venceu há mais de 30 dias e não saiu da carteira até 30 dias depois do vencimento."
      chart={<BarChart h={220} data={f.safras.map((s) => ({ safra: mesText(s.safra), taxa: s.taxa ?? 0 }))} dataKey="safra" valueFormatter={pctFmt} series={[{ name: 'taxa', label: 'Inadimplência no 1º pagamento', color: 'orange.6' }]} />}
    >
      <Table striped withTableBorder aria-label="Primeiro pagamento">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Safra</Table.Th>
            <Table.Th style={right}>Garantias</Table.Th>
            <Table.Th style={right}>Maduras</Table.Th>
            <Table.Th style={right}>Inadimplentes</Table.Th>
            <Table.Th style={right}>Taxa</Table.Th>
            <Table.Th style={right}>Valor 1ª parcela</Table.Th>
            <Table.Th style={right}>Valor inadimplente</Table.Th>
            <Table.Th style={right}>Taxa em valor</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {f.safras.length === 0 && <Vazio cols={8} />}
          {f.safras.map((s) => (
            <Table.Tr key={s.safra}>
              <Table.Td>{mesText(s.safra)}</Table.Td>
              <Table.Td style={right}>{s.garantias}</Table.Td>
              <Table.Td style={right}>{s.garantias_maduras}</Table.Td>
              <Table.Td style={right}>{s.garantias_fpd}</Table.Td>
              <Table.Td style={right}>{pctText(s.taxa)}</Table.Td>
              <Table.Td style={right}><MoneyText value={s.valor_maduro} /></Table.Td>
              <Table.Td style={right}><MoneyText value={s.valor_fpd} /></Table.Td>
              <Table.Td style={right}>{pctText(s.taxa_valor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Quadro>
  );
}

/** Cure after acordo by the month the acordo was made. */
export function CuraTab({ c, filtro }: { c: CuraAcordo; filtro: Periodo }) {
  return (
    <Quadro
      titulo="Cura após acordo"
      quadro="cura_acordo"
      filtro={filtro}
      nota="Taxa de cura: acordos quitados ÷ acordos encerrados (quitados + cancelados) do mês em que foram feitos."
      chart={<BarChart h={220} data={c.meses.map((m) => ({ mes: mesText(m.mes), quitados: m.quitados, em_andamento: m.em_andamento, cancelados: m.cancelados }))} dataKey="mes" type="stacked" withLegend series={[{ name: 'quitados', label: 'Quitados', color: 'teal.6' }, { name: 'em_andamento', label: 'Em andamento', color: 'blue.6' }, { name: 'cancelados', label: 'Cancelados', color: 'red.6' }]} />}
    >
      <Table striped withTableBorder aria-label="Cura após acordo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mês</Table.Th>
            <Table.Th style={right}>Acordos</Table.Th>
            <Table.Th style={right}>Quitados</Table.Th>
            <Table.Th style={right}>Em andamento</Table.Th>
            <Table.Th style={right}>Cancelados</Table.Th>
            <Table.Th style={right}>Valor</Table.Th>
            <Table.Th style={right}>Taxa de cura</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.meses.length === 0 && <Vazio cols={7} />}
          {c.meses.map((m) => (
            <Table.Tr key={m.mes}>
              <Table.Td>{mesText(m.mes)}</Table.Td>
              <Table.Td style={right}>{m.acordos}</Table.Td>
              <Table.Td style={right}>{m.quitados}</Table.Td>
              <Table.Td style={right}>{m.em_andamento}</Table.Td>
              <Table.Td style={right}>{m.cancelados}</Table.Td>
              <Table.Td style={right}><MoneyText value={m.valor} /></Table.Td>
              <Table.Td style={right}>{pctText(m.taxa_cura)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Quadro>
  );
}

/** Losses and recoveries by shop from the ledger. */
export function PerdasTab({ p, filtro }: { p: Perdas; filtro: Periodo }) {
  return (
    <Quadro
      titulo="Perdas e recuperações por loja"
      quadro="perdas"
      filtro={filtro}
      nota="Do razão (contas devedor a recuperar dos boletos da loja): honrado ao quitar, recuperado pelo banco ou por acordo, perda lançada."
      chart={<BarChart h={240} data={p.lojas.slice(0, 20).map((l) => ({ loja: l.fantasia, honrado: l.honrado, recuperado: l.recuperado, perda: l.perda }))} dataKey="loja" valueFormatter={(v) => moneyText(v)} yAxisProps={{ width: 90 }} withLegend series={[{ name: 'honrado', label: 'Honrado', color: 'blue.6' }, { name: 'recuperado', label: 'Recuperado', color: 'teal.6' }, { name: 'perda', label: 'Perda', color: 'red.6' }]} />}
    >
      <Table striped withTableBorder aria-label="Perdas e recuperações">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Loja</Table.Th>
            <Table.Th style={right}>Honrado</Table.Th>
            <Table.Th style={right}>Recuperado</Table.Th>
            <Table.Th style={right}>Perda</Table.Th>
            <Table.Th style={right}>Recuperação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lojas.length === 0 && <Vazio cols={5} />}
          {p.lojas.map((l) => (
            <Table.Tr key={l.empresa_id}>
              <Table.Td>{l.fantasia}</Table.Td>
              <Table.Td style={right}><MoneyText value={l.honrado} /></Table.Td>
              <Table.Td style={right}><MoneyText value={l.recuperado} /></Table.Td>
              <Table.Td style={right}><MoneyText value={l.perda} /></Table.Td>
              <Table.Td style={right}>{pctText(l.taxa_recuperacao)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td style={right}><MoneyText value={p.total.honrado} /></Table.Td>
            <Table.Td style={right}><MoneyText value={p.total.recuperado} /></Table.Td>
            <Table.Td style={right}><MoneyText value={p.total.perda} /></Table.Td>
            <Table.Td style={right}>{pctText(p.total.taxa_recuperacao)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Quadro>
  );
}
