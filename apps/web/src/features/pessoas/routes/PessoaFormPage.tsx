import { Badge, Button, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ADMINISTRACAO_VISAO_LABEL } from '@bg/domain';
import { PageHeader } from '../../../components';
import { errorMessage } from '../../../lib/api-client';
import { isAdmin, useCurrentUser } from '../../../lib/auth';
import { pessoaQuery } from '../api/pessoa-queries';
import type { Pessoa, PessoaVisao } from '../api/pessoas';
import { IdentidadeForm } from '../components/IdentidadeForm';
import { PessoaVisaoForm } from '../components/PessoaVisaoForm';
import { ConsentimentoPanel } from '../components/ConsentimentoPanel';

/**
 * "Atualização da Pessoa" (decision 104): a Loja edits its own view of the person and its
 * documents; a franqueado also reads its franchisees' views; an administrador edits the shared
 * identity and every view, each marked by its Loja (one tab per view, the divergent ones flagged),
 * and its own view (Administração) even before it holds anything.
 */
export function PessoaFormPage() {
  const id = Number(useParams().idPessoa);
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const existing = useQuery(pessoaQuery(id));

  if (existing.isLoading) return <Loader />;
  if (existing.isError || !existing.data) return <PageHeader title={errorMessage(existing.error)} />;
  const pessoa = existing.data;
  const visoes = withAdministracao(pessoa, admin);

  return (
    <Stack>
      <PageHeader
        title="Atualização da Pessoa"
        // LGPD: who viewed this person's income, documents and bureau results (administradores)
        actions={admin && (
          <>
            <Button component={Link} to={`/administracao/lgpd/acessos/${id}`} variant="default">
              Acessos (LGPD)
            </Button>
            <Button component={Link} to={`/administracao/lgpd/acessos-pagador/${id}`} variant="default">
              Acessos à página do pagador
            </Button>
          </>
        )}
      />
      {admin && <IdentidadeForm pessoa={pessoa} />}
      {admin && <ConsentimentoPanel pessoaId={id} />}
      {visoes.length === 1 ? (
        <PessoaVisaoForm pessoa={pessoa} visao={visoes[0]} admin={admin} />
      ) : (
        <Tabs defaultValue={tabKey(visoes[0])} keepMounted={false}>
          <Tabs.List aria-label="Visões por loja">
            {visoes.map((v) => (
              <Tabs.Tab
                key={tabKey(v)}
                value={tabKey(v)}
                rightSection={v.divergencias.length > 0 ? <Badge size="xs" color="orange">Divergência</Badge> : !v.editavel ? <Badge size="xs" color="gray">Somente leitura</Badge> : null}
              >
                {v.loja}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {visoes.map((v) => (
            <Tabs.Panel key={tabKey(v)} value={tabKey(v)} pt="sm">
              <PessoaVisaoForm pessoa={pessoa} visao={v} admin={admin} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {visoes.length === 0 && <Text c="dimmed">Nenhuma loja tem dados desta pessoa.</Text>}
    </Stack>
  );
}

const tabKey = (v: PessoaVisao) => String(v.empresa_id ?? 'administracao');

/** An administrador may always write to its own view: shown (empty) before it exists. */
function withAdministracao(p: Pessoa, admin: boolean): PessoaVisao[] {
  if (!admin || p.visoes.some((v) => v.empresa_id === null)) return p.visoes;
  const vazio = {
    cep: null, endereco: null, numero: null, complemento: null, bairro: null, cidade: null, uf: null, telefone1: null, telefone2: null,
    ref_comercial: null, tel_ref_comercial: null, ref_pessoal: null, tel_ref_pessoal: null, ocupacao: null, renda: null, socio_avalista: null, cpf_avalista: null,
  };
  const nome = p.identidade?.nome_razao ?? p.nome_razao;
  const nascimento = p.identidade?.data_nascimento ?? p.data_nascimento;
  return [...p.visoes, { empresa_id: null, loja: ADMINISTRACAO_VISAO_LABEL, editavel: true, nome_razao: nome, data_nascimento: nascimento, ...vazio, divergencias: [], updated_at: '' }];
}
