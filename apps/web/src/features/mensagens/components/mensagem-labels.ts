import { formatPhone, type MensagemChannel, type MensagemStatus } from '@bg/domain';

export const CHANNEL_LABEL: Record<MensagemChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };
export const STATUS_LABEL: Record<MensagemStatus, string> = { queued: 'NA FILA', sent: 'ENVIADA', delivered: 'ENTREGUE', read: 'LIDA', failed: 'FALHOU', suppressed: 'SUPRIMIDA' };
export const STATUS_COLOR: Record<MensagemStatus, string> = { queued: 'yellow', sent: 'blue', delivered: 'teal', read: 'green', failed: 'red', suppressed: 'gray' };
/** The timeline's words for each event (the states, a failed attempt that will be retried, a late soft bounce). */
export const EVENTO_LABEL: Record<string, string> = {
  queued: 'Na fila',
  sent: 'Enviada ao provedor',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
  suppressed: 'Suprimida (canal recusado ou endereço devolvido)',
  retry: 'Tentativa sem sucesso (nova tentativa agendada)',
  // a soft bounce (DSN Action: delayed): the remote server is still trying, the message is not failed
  adiada: 'Entrega adiada pelo servidor de destino',
};
/** Reenviar: anything no longer waiting in the queue (the server refuses a person who left the channel). */
export const REENVIAVEL: readonly MensagemStatus[] = ['sent', 'delivered', 'read', 'failed', 'suppressed'];

export const recipientText = (m: { channel: MensagemChannel; recipient: string }) => (m.channel === 'whatsapp' ? formatPhone(m.recipient) : m.recipient);
