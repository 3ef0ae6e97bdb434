import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateText, MoneyText, StatusBadge } from '../../../components';
import type { ResumoAdmin, ResumoUsuario } from '../api/dashboard';
import { Figure, ResumoCard } from './ResumoCard';
import { RazaoAlertaCard } from './RazaoAlertaCard';
import { BancoCards } from './BancoCards';
import { CertificadosAlerta } from './CertificadosAlerta';
import { WebhooksPausadosAlerta } from './WebhooksPausadosAlerta';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** usuario (and franqueado): its guarantees by status, boletos due within 7 days, open advances. */
export function UsuarioCards({ resumo }: { resumo: ResumoUsuario }) {
  const { garantiasPorStatus, boletosAVencer, antecipacoesAbertas } = resumo;
  return (
    <Stack gap="md">
      {resumo.webhooksPausados && <WebhooksPausadosAlerta webhooks={resumo.webhooksPausados} comLoja={false} />}
      <SimpleGrid cols={{ base: 1, sm: antecipacoesAbertas ? 3 : 2 }}>
        <ResumoCard title="Minhas garantias" to="/operacao/garantias/impressao">
          {garantiasPorStatus.length === 0 ? (
            <Text mt="xs">Nenhuma garantia solicitada ainda.</Text>
          ) : (
            <Stack gap={6} mt="xs">
              {garantiasPorStatus.map((g) => (
                <Group key={g.status} justify="space-between" wrap="nowrap">
                  <StatusBadge status={g.status} />
                  <Text fw={700}>{g.quantidade}</Text>
                </Group>
              ))}
            </Stack>
          )}
        </ResumoCard>
        <ResumoCard title="Boletos a vencer em 7 dias" to="/financeiro/recebimentos">
          <Figure>{boletosAVencer.quantidade}</Figure>
          <Text size="sm">
            <MoneyText value={boletosAVencer.valor} /> até <DateText value={boletosAVencer.ate} />
          </Text>
        </ResumoCard>
        {antecipacoesAbertas && (
          <ResumoCard title="Antecipações em análise" to="/operacao/antecipacoes">
            <Figure>{antecipacoesAbertas.quantidade}</Figure>
            <Text size="sm">
              <MoneyText value={antecipacoesAbertas.valor} /> a receber
            </Text>
          </ResumoCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * administrador: the back office's queues. The last remessa / retorno cards appear once the API
 * answers them (the CNAB feature fills ultimaRemessa / ultimoRetorno); never a placeholder figure.
 */
export function AdminCards({ resumo }: { resumo: ResumoAdmin }) {
  const { garantiasEmAnalise, inadimplentes, antecipacoesEmAnalise, ultimaRemessa, ultimoRetorno, razao, aRepassar, antecipacoesARecuperar } = resumo;
  return (
    <Stack gap="md">
      {razao && <RazaoAlertaCard razao={razao} />}
      {resumo.certificadosVencendo && <CertificadosAlerta certificados={resumo.certificadosVencendo} />}
      {resumo.webhooksPausados && <WebhooksPausadosAlerta webhooks={resumo.webhooksPausados} comLoja />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ResumoCard title="Garantias aguardando análise" to="/operacao/garantias">
          <Figure>{garantiasEmAnalise}</Figure>
          <Text size="sm">{plural(garantiasEmAnalise, 'solicitação pendente', 'solicitações pendentes')}</Text>
        </ResumoCard>
        <ResumoCard title="Inadimplentes" to="/cobranca/inadimplentes">
          <Figure>{inadimplentes}</Figure>
          <Text size="sm">{plural(inadimplentes, 'pessoa com boleto vencido em aberto', 'pessoas com boleto vencido em aberto')}</Text>
        </ResumoCard>
        <ResumoCard title="Antecipações em análise" to="/operacao/antecipacoes">
          <Figure>{antecipacoesEmAnalise.quantidade}</Figure>
          <Text size="sm">
            <MoneyText value={antecipacoesEmAnalise.valor} /> solicitados
          </Text>
        </ResumoCard>
        {/* from the ledger: what repasses may pay the shops now (each one's debts netted first) */}
        <ResumoCard title="A repassar" to="/financeiro/repasses">
          <Figure>
            <MoneyText value={aRepassar.valor} />
          </Figure>
          <Text size="sm">{aRepassar.lojas === 0 ? 'Nenhuma loja com saldo a receber' : `a ${plural(aRepassar.lojas, 'loja', 'lojas')}`}</Text>
        </ResumoCard>
        <ResumoCard title="Antecipações a recuperar" to="/operacao/antecipacoes">
          <Figure>
            <MoneyText value={antecipacoesARecuperar.valor} />
          </Figure>
          <Text size="sm">
            {antecipacoesARecuperar.lojas === 0 ? 'Nenhuma antecipação em aberto' : `pagas a ${plural(antecipacoesARecuperar.lojas, 'loja', 'lojas')}, a receber do banco`}
          </Text>
        </ResumoCard>
        <BancoCards resumo={resumo} />
        {ultimaRemessa && (
          <ResumoCard title="Última remessa" to="/operacao/remessas">
            <Figure>
              <DateText value={ultimaRemessa.created_at} withTime />
            </Figure>
            <Text size="sm">
              {plural(ultimaRemessa.quantidade_entrada, 'entrada', 'entradas')} (<MoneyText value={ultimaRemessa.total_valor_entrada} />),{' '}
              {plural(ultimaRemessa.quantidade_baixa, 'baixa', 'baixas')} (<MoneyText value={ultimaRemessa.total_valor_baixa} />)
            </Text>
          </ResumoCard>
        )}
        {ultimoRetorno && (
          <ResumoCard title="Último retorno" to="/operacao/retornos">
            <Figure>
              <DateText value={ultimoRetorno.created_at} withTime />
            </Figure>
            <Text size="sm">
              {plural(ultimoRetorno.quantidade_liquidado, 'liquidação', 'liquidações')} (<MoneyText value={ultimoRetorno.total_valor_liquidado} />),{' '}
              {plural(ultimoRetorno.quantidade_baixa, 'baixa', 'baixas')} (<MoneyText value={ultimoRetorno.total_valor_baixa} />),{' '}
              {plural(ultimoRetorno.quantidade_entrada, 'entrada', 'entradas')} (<MoneyText value={ultimoRetorno.total_valor_entrada} />)
            </Text>
          </ResumoCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}
