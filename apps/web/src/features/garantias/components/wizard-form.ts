import type { UseFormReturnType } from '@mantine/form';
import { formatCep, formatCpfCnpj, formatPhone, type TituloDraft } from '@bg/domain';
import type { AddressValues } from '../../../components';
import type { PessoaData } from '../api/garantias-api';

/** The wizard's one form: the §3 payload as the screen edits it (masked texts, renda in reais). */
export type WizardValues = AddressValues & {
  cpf_cnpj: string;
  nome_razao: string;
  data_nascimento: string;
  ref_comercial: string;
  tel_ref_comercial: string;
  ref_pessoal: string;
  tel_ref_pessoal: string;
  ocupacao: string;
  renda: number | null;
  telefone1: string;
  telefone2: string;
  socio_avalista: string;
  cpf_avalista: string;
  qtd_titulos: string;
  titulos: TituloDraft[];
};
export type WizardForm = UseFormReturnType<WizardValues>;

export const CLIENTE_KEYS = [
  'cpf_cnpj', 'nome_razao', 'data_nascimento', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'ref_comercial',
  'tel_ref_comercial', 'ref_pessoal', 'tel_ref_pessoal', 'ocupacao', 'renda', 'telefone1', 'telefone2', 'socio_avalista', 'cpf_avalista',
] as const;

export const emptyWizard = (): WizardValues => ({
  cpf_cnpj: '', nome_razao: '', data_nascimento: '', cep: '', endereco: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '',
  ref_comercial: '', tel_ref_comercial: '', ref_pessoal: '', tel_ref_pessoal: '', ocupacao: '', renda: null, telefone1: '', telefone2: '',
  socio_avalista: '', cpf_avalista: '', qtd_titulos: '2',
  titulos: [{ parcela: 1, valor: null, vencimento: null }, { parcela: 2, valor: null, vencimento: null }],
});

/** Step 2 pre-filled from a known person (spec: "pre-filled for a known person"). */
export function fromPessoa(p: PessoaData): Partial<WizardValues> {
  const t = (v: string | null) => v ?? '';
  return {
    nome_razao: p.nome_razao, data_nascimento: t(p.data_nascimento), cep: formatCep(p.cep), endereco: t(p.endereco), numero: t(p.numero),
    complemento: t(p.complemento), bairro: t(p.bairro), cidade: t(p.cidade), uf: t(p.uf), ref_comercial: t(p.ref_comercial),
    tel_ref_comercial: formatPhone(p.tel_ref_comercial), ref_pessoal: t(p.ref_pessoal), tel_ref_pessoal: formatPhone(p.tel_ref_pessoal),
    ocupacao: t(p.ocupacao), renda: p.renda, telefone1: formatPhone(p.telefone1), telefone2: formatPhone(p.telefone2),
    socio_avalista: t(p.socio_avalista), cpf_avalista: formatCpfCnpj(p.cpf_avalista),
  };
}

/** Spec §5: a masked document longer than 14 characters is a CNPJ. */
export const isCnpjText = (doc: string) => doc.length > 14;

/** Keeps only the messages of the given fields (titulos.0.valor belongs to "titulos"). */
export function pickErrors(errors: Record<string, string>, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => keys.includes(k.split('.')[0])));
}
