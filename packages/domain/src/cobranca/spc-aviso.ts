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
  /** The first day the debt may be registered: the end of the notice period (when known). */
  inclusaoEm?: IsoDate;
  /**
   * The notice period in days, counted from the posting of the registered letter (decision 116):
   * the letter and the messages sent with it say this instead of a date, not known before posting.
   */
  prazoDias?: number;
  /** The messages sent with the letter say so (the letter is the notice of record). */
  comCarta?: boolean;
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
      `será registrado no cadastro de proteção ao crédito (SPC) ${quando(a)}. ` +
      'Pagando até lá, o registro não é feito. Se o pagamento já foi feito, desconsidere esta mensagem e fale conosco ' +
      'para regularizar. Se o registro for feito, ele é excluído em até 5 dias úteis após o pagamento.',
    ...(a.comCarta ? ['', 'Este aviso também foi enviado por carta registrada ao seu endereço.'] : []),
    '',
    'Para negociar a dívida, responda a esta mensagem.',
  ].join('\n');
  return { subject, text };
}

function quando(a: SpcAvisoInput): string {
  if (a.inclusaoEm) return `a partir de ${formatDateBR(a.inclusaoEm)}`;
  const dias = a.prazoDias ?? 10;
  return `após ${dias} ${dias === 1 ? 'dia' : 'dias'} da postagem da carta registrada deste aviso`;
}
