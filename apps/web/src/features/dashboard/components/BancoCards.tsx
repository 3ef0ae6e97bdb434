import { Text } from '@mantine/core';
import type { ResumoAdmin } from '../api/dashboard';
import { Figure, ResumoCard } from './ResumoCard';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const espera = (min: number) => (min < 60 ? `há ${min} min` : min < 48 * 60 ? `há ${Math.floor(min / 60)} h` : `há ${Math.floor(min / 1440)} dias`);

/**
 * Início's bank cards (issue 26), once the API answers them: the registrations the bank has not
 * confirmed yet — those with an error are how an outage shows — and the reconciliation's open
 * differences. Both point where the administrador acts: the conta's integration (Testar conexão)
 * and Conciliação.
 */
export function BancoCards({ resumo }: { resumo: Pick<ResumoAdmin, 'bancoAguardando' | 'conciliacaoDiferencas'> }) {
  const { bancoAguardando: aguardando, conciliacaoDiferencas: diferencas } = resumo;
  return (
    <>
      {aguardando && (
        <ResumoCard title="Boletos aguardando o banco" to="/administracao/conta-cobranca">
          <Figure>{aguardando.quantidade}</Figure>
          <Text size="sm">
            {aguardando.quantidade === 0
              ? 'Nenhum registro aguardando o banco'
              : `${plural(aguardando.quantidade, 'registro', 'registros')} ainda sem confirmação${aguardando.mais_antigo_minutos !== null ? `, o mais antigo ${espera(aguardando.mais_antigo_minutos)}` : ''}`}
          </Text>
          {aguardando.com_erro > 0 && (
            <Text size="sm" c="red">
              {aguardando.com_erro} com erro do banco: confira a conexão
            </Text>
          )}
        </ResumoCard>
      )}
      {diferencas !== undefined && (
        <ResumoCard title="Diferenças na conciliação" to="/operacao/conciliacao">
          <Figure>{diferencas}</Figure>
          <Text size="sm">{diferencas === 0 ? 'Os boletos conferem com o banco' : `${plural(diferencas, 'diferença aberta', 'diferenças abertas')} com a lista do banco`}</Text>
        </ResumoCard>
      )}
    </>
  );
}

