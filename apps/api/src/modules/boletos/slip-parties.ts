import { formatCep } from '@bg/domain';
import type { SlipData } from '../../pdf/slip.js';
import type { ContaCobrancaRow } from '../conta-cobranca/insert-conta-cobranca.js';

/** Who pays, as every slip prints it (a guarantee's pessoa or a boleto avulso's own address). */
export type SlipPayerSource = {
  nome_razao: string;
  cpf_cnpj: string;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
};

/** The slip's Pagador block: street line, then "Cidade/UF CEP 00000-000" (blank parts left out). */
export function slipPayer(p: SlipPayerSource): SlipData['pagador'] {
  return {
    nome: p.nome_razao,
    cpfCnpj: p.cpf_cnpj,
    endereco: [p.endereco, p.numero, p.complemento, p.bairro].filter(Boolean).join(', '),
    cidadeUf: `${p.cidade ?? ''}/${p.uf ?? ''} ${p.cep ? `CEP ${formatCep(p.cep)}` : ''}`.trim(),
  };
}

/** The slip's Beneficiário block, from the conta de cobrança that numbered the boleto. */
export function slipBeneficiary(c: ContaCobrancaRow): SlipData['conta'] {
  return {
    banco: c.banco,
    agencia: c.agencia,
    codigoBeneficiario: c.codigo_beneficiario,
    carteira: c.carteira,
    nome: c.nome,
    cnpj: c.cnpj,
    endereco: `${c.endereco}, ${c.numero} — ${c.bairro} — ${c.cidade}/${c.uf} — CEP ${formatCep(c.cep)}`,
    cidade: c.cidade,
    pixChave: c.pix_chave,
  };
}
