import { buildPixBrCode, formatBRL, formatCep, formatCpfCnpj, formatDateBR, formatProtocol } from '@bg/domain';

/** Everything a printed slip shows, already validated and computed by the boletos module. */
export type SlipData = {
  boletoId: number;
  boletoDigito: number;
  parcela: number;
  qtdParcelas: number;
  valorCents: number;
  vencimento: string;
  emissao: string;
  barcode: string;
  digitableLine: string;
  ourNumberFormatted: string;
  garantiaId: number;
  garantiaDigito: number;
  loja: string;
  /** The Pix QR (EMV) the bank issued when it registered the boleto by API (boleto híbrido), printed instead of ours. */
  pixEmv?: string | null;
  /**
   * A stand-alone slip (boleto avulso): nothing guarantees its payment, so it must not say so
   * (issue 25). Absent for the instalments of a guarantee.
   */
  avulso?: boolean;
  pagador: { nome: string; cpfCnpj: string; endereco: string; cidadeUf: string };
  conta: {
    banco: string;
    agencia: string;
    codigoBeneficiario: string;
    carteira: string;
    nome: string;
    cnpj: string;
    endereco: string;
    cidade: string;
    pixChave: string | null;
  };
};

export const BANK_LABEL: Record<string, { name: string; code: string }> = {
  '104': { name: 'CAIXA', code: '104-0' },
  '001': { name: 'Banco do Brasil', code: '001-9' },
  '756': { name: 'Sicoob', code: '756-0' }, // planilha Sicoob, "01.Contracapa": Banco-DV 756-0
  '748': { name: 'Sicredi', code: '748-X' }, // Manual CNAB 240 Sicredi p. 88: "748-X", X maiúsculo
  '033': { name: 'Santander', code: '033-7' }, // Layout de Código de Barras Santander v31, p. 8: "033-7"
};

const MORA = 'Após o vencimento cobrar multa de 2% e juros de 0,33% ao dia.';
const GARANTIA = 'Boleto garantido: pagamento assegurado pelo Boleto Garantido.';

/** The instructions box: the guarantee is announced only on a guarantee's instalments. */
export function instrucoes(s: Pick<SlipData, 'avulso'>): string[] {
  return s.avulso ? [MORA] : [MORA, GARANTIA];
}

export const fmt = {
  money: (c: number) => formatBRL(c),
  date: (d: string) => formatDateBR(d),
  doc: (d: string) => formatCpfCnpj(d),
  cep: (c: string) => formatCep(c),
  protocol: (id: number, dv: number) => formatProtocol(id, dv),
};

export function documentNumber(s: SlipData): string {
  return `${fmt.protocol(s.garantiaId, s.garantiaDigito)}/${String(s.parcela).padStart(2, '0')}`;
}

/** The boleto híbrido's Pix: the bank's own QR when it issued one (API registration), else a static BR Code with the amount and a txid from the nosso número. */
export function pixPayload(s: SlipData): string | null {
  if (s.pixEmv) return s.pixEmv;
  if (!s.conta.pixChave) return null;
  return buildPixBrCode({
    key: s.conta.pixChave,
    name: s.conta.nome,
    city: s.conta.cidade,
    amountCents: s.valorCents,
    txid: `BG${s.ourNumberFormatted.replace(/\D/g, '')}`.slice(0, 25),
  });
}
