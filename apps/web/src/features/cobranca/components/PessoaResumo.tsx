import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatCep, formatCpfCnpj, formatDateBR, formatPhone } from '@bg/domain';
import type { InadimplenteDetail } from '../api/cobranca';

/** The person's data at the top of "Novo Acordo". */
export function PessoaResumo({ detail }: { detail: InadimplenteDetail }) {
  const p = detail.pessoa;
  const endereco = p.endereco
    ? `${p.endereco}, ${p.numero ?? 's/n'}${p.complemento ? ` ${p.complemento}` : ''} — ${p.bairro ?? ''} — ${p.cidade ?? ''}/${p.uf ?? ''}${p.cep ? ` — CEP ${formatCep(p.cep)}` : ''}`
    : '—';
  const items: [string, string][] = [
    [p.tipo_pessoa === 'J' ? 'Razão Social' : 'Nome', p.nome_razao],
    [p.tipo_pessoa === 'J' ? 'CNPJ' : 'CPF', formatCpfCnpj(p.cpf_cnpj)],
    ['Data de nascimento', p.data_nascimento ? formatDateBR(p.data_nascimento) : '—'],
    ['Telefones', detail.telefones.map(formatPhone).join(' / ') || '—'],
    ['Endereço', endereco],
    ['Ocupação', p.ocupacao ?? '—'],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label="Dados da pessoa">
      <Title order={5} mb="sm">
        Dados da pessoa
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
