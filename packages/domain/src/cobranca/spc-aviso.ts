import { formatDateBR, type IsoDate } from '../dates/calendar.js';
import { formatCpfCnpj } from '../documents/cpf-cnpj.js';
import { formatBRL } from '../money/format-brl.js';
import type { Cents } from '../money/cents.js';

export type SpcAvisoInput = {
  nome: string;
  cpfCnpj: string;
  /** Who the debt is owed to (the beneficiary of the conta de cobrança). */
  credor: string;
  /** The shop that sold (the boleto's empresa). */
  loja: string;
  protocolo: string;
  parcela: number;
  vencimento: IsoDate;
  valorCents: Cents;
  /** The first day the debt may be registered: the end of the notice period. */
  inclusaoEm: IsoDate;
};

/**
 * The prior notice to the debtor before an SPC inclusion (CDC art. 43, § 2º: the consumer must be
 * told in writing before a record about them is opened). Sent through the messaging outbox; the
 * debt is registered only after the notice period, if still open (decision 111), so the text says
 * it *will be* registered and from when.
 */
export function spcAvisoTexto(a: SpcAvisoInput): { subject: string; text: string } {
  const subject = 'Aviso de inclusão em cadastro de proteção ao crédito';
  const text = [
    `Prezado(a) ${a.nome} (${formatCpfCnpj(a.cpfCnpj)}),`,
    '',
    `consta em aberto o boleto ${a.protocolo} (parcela ${String(a.parcela).padStart(2, '0')}, compra em ${a.loja}), ` +
      `vencido em ${formatDateBR(a.vencimento)}, no valor de ${formatBRL(a.valorCents)}, garantido por ${a.credor}.`,
    '',
    'Conforme o art. 43, § 2º, do Código de Defesa do Consumidor, informamos que, se não for pago, este débito ' +
      `será registrado no cadastro de proteção ao crédito (SPC) a partir de ${formatDateBR(a.inclusaoEm)}. ` +
      'Pagando até lá, o registro não é feito. Se o pagamento já foi feito, desconsidere esta mensagem e fale conosco ' +
      'para regularizar. Se o registro for feito, ele é excluído em até 5 dias úteis após o pagamento.',
    '',
    'Para negociar a dívida, responda a esta mensagem.',
  ].join('\n');
  return { subject, text };
}
