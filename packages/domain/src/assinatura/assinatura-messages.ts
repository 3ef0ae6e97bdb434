import { formatDateTimeBR } from '../dates/calendar.js';
import { formatBRL } from '../money/format-brl.js';
import type { Cents } from '../money/cents.js';

/**
 * Texts of the digital signature of duplicatas (spec §2 Boletos da Garantia "Assinatura digital",
 * §8 signature messages), shared by the API answers and the screens.
 */
export const ASSINATURA_MSG = {
  // spec §8, exact
  enviadoTitulo: 'Documento enviado com sucesso!',
  enviadoTexto: 'O link para realizar assinatura foi enviado para o whatsapp informado!',
  falhaTitulo: 'Opz! Algo deu errado!',
  falhaTexto: 'Ocorreu um erro ao enviar o documento para assinatura!',
  // ours
  /** The one answer for any token that cannot be used (unknown, tampered, used, expired, replaced). */
  linkInvalido: 'Link inválido ou expirado.',
  linkInvalidoTexto: 'Este link de assinatura não pode ser usado: ele é inválido, já foi utilizado ou expirou. Peça à loja o envio de um novo link.',
  somenteAprovada: 'Só é possível enviar para assinatura as duplicatas de uma garantia APROVADA.',
  nadaAPagar: 'Os boletos desta garantia não podem mais ser pagos (liquidados, baixados, cancelados ou quitados): não há duplicatas a enviar para assinatura.',
  jaAssinada: 'As duplicatas desta garantia já foram assinadas digitalmente.',
  envioEmAndamento: 'Outro envio para assinatura desta garantia acabou de ser feito. Atualize a tela.',
  documentoNaoConfere: 'O CPF/CNPJ informado não confere com o do comprador (sacado) das duplicatas.',
  nomeCompleto: 'Informe o nome completo.',
  aceiteObrigatorio: 'Para assinar, marque a declaração de aceite.',
  assinado: 'Duplicatas assinadas com sucesso!',
  muitasTentativas: 'Muitas tentativas a partir deste endereço. Aguarde alguns minutos e tente novamente.',
  reenviada: 'Mensagem colocada novamente na fila de envio.',
  reenvioSomenteFinal: 'Só é possível reenviar uma mensagem já enviada, que falhou ou foi suprimida; esta ainda está na fila.',
  reenvioCanalRecusado: 'A pessoa recusou este canal: registre a nova aceitação no cadastro da pessoa antes de reenviar.',
  reenvioPendente: 'Já existe um reenvio desta mensagem na fila. Aguarde o resultado.',
} as const;

/**
 * What the signer declares by ticking the box (Lei 5.474/68 art. 2º § 1º VIII: recognition of the
 * duplicata's accuracy and of the obligation to pay it, signed by the buyer as acceptance). The
 * exact text is stored with each signature and printed on its certificate page.
 */
export const ASSINATURA_ACEITE =
  'Declaro que li as duplicatas de venda mercantil deste documento, reconheço a exatidão dos valores e vencimentos nelas indicados ' +
  'e a minha obrigação de pagá-los, e as aceito, assinando-as eletronicamente.';

export type AssinaturaConviteInput = {
  nome: string;
  loja: string;
  protocolo: string;
  parcelas: number;
  totalCents: Cents;
  link: string;
  expiraEm: Date;
};

/** The WhatsApp and e-mail texts that carry the signing link. */
export function assinaturaConviteTexto(c: AssinaturaConviteInput): { subject: string; text: string } {
  const subject = `Duplicatas para assinatura — ${c.loja}`;
  const parcelas = c.parcelas === 1 ? '1 parcela' : `${c.parcelas} parcelas`;
  const text = [
    `Olá, ${c.nome}!`,
    '',
    `${c.loja} enviou as duplicatas da sua compra (garantia ${c.protocolo}: ${parcelas}, total de ${formatBRL(c.totalCents)}) ` +
      'para você conferir e assinar digitalmente.',
    '',
    `Acesse: ${c.link}`,
    '',
    `O link é pessoal, vale até ${formatDateTimeBR(c.expiraEm)} e só pode ser usado uma vez. ` +
      'Para assinar, informe o seu CPF/CNPJ e o seu nome completo. Se você não reconhece esta compra, não assine e fale com a loja.',
  ].join('\n');
  return { subject, text };
}

/** The confirmation e-mail sent to the signer once the duplicatas are signed. */
export function assinaturaConfirmacaoTexto(c: { nome: string; loja: string; protocolo: string; assinadoEm: Date; sha256: string }): { subject: string; text: string } {
  return {
    subject: `Duplicatas assinadas — ${c.loja}`,
    text: [
      `Olá, ${c.nome}!`,
      '',
      `As duplicatas da garantia ${c.protocolo} (${c.loja}) foram assinadas eletronicamente em ${formatDateTimeBR(c.assinadoEm)}.`,
      '',
      `Código de verificação do documento assinado (SHA-256): ${c.sha256}`,
      '',
      'Guarde esta mensagem. Se não foi você quem assinou, fale com a loja imediatamente.',
    ].join('\n'),
  };
}
