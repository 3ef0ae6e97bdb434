/**
 * People shared by several shops (DOMAIN.md "People shared by several shops", decision 104): one
 * pessoa per CPF/CNPJ holds the identity (document, name, birth date); what each shop (empresa)
 * typed or uploaded about the person is that shop's view. The administradores have a view of their
 * own (empresa null), labelled ADMINISTRACAO_VISAO_LABEL.
 */

/** The label of the administradores' own view (no shop): what they added, and rows no shop owned. */
export const ADMINISTRACAO_VISAO_LABEL = 'Administração';

/** Extra phones kept per person in one shop's view (issue 23): the 21st is refused. */
export const PESSOA_TELEFONE_MAX = 20;

/** The identity fields shared by every view; a view's differing value is a divergence. */
export const PESSOA_IDENTIDADE_CAMPOS = ['nome_razao', 'data_nascimento'] as const;
export type PessoaIdentidadeCampo = (typeof PESSOA_IDENTIDADE_CAMPOS)[number];

export const PESSOA_IDENTIDADE_LABEL: Record<PessoaIdentidadeCampo, string> = {
  nome_razao: 'Nome/Razão',
  data_nascimento: 'Data de nascimento',
};

export const PESSOA_MSG = {
  telefonesLimite: `Esta pessoa já tem ${PESSOA_TELEFONE_MAX} telefones adicionais: remova um antes de adicionar outro.`,
  documentoNaoAlteravel: 'O CPF/CNPJ identifica a pessoa e não pode ser alterado aqui.',
  documentoEmUso: 'Já existe uma pessoa com este CPF/CNPJ.',
} as const;

type Identidade = { nome_razao: string; data_nascimento: string | null };

/** Names compared as a person reads them: case, accents and repeated spaces aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}

/**
 * The identity fields a view holds differently from the person's shared identity (shown to
 * administradores as a divergence). A view without a birth date does not diverge on it.
 */
export function pessoaDivergencias(identidade: Identidade, visao: Identidade): PessoaIdentidadeCampo[] {
  const out: PessoaIdentidadeCampo[] = [];
  if (!sameName(identidade.nome_razao, visao.nome_razao)) out.push('nome_razao');
  if (visao.data_nascimento !== null && visao.data_nascimento !== identidade.data_nascimento) out.push('data_nascimento');
  return out;
}
