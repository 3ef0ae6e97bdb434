import { z } from 'zod';
import { REGUA_TEMPLATE_IDS, type ReguaTemplateId } from './templates.js';

/**
 * The collection schedule (régua de cobrança, docs/messaging.md): steps as data — a day offset
 * relative to the due date, a channel, a template, an active flag — and the stop conditions of the
 * régua. One default régua for every shop; a shop with a régua of its own uses only its steps.
 */
export const REGUA_DIAS_MIN = -10;
export const REGUA_DIAS_MAX = 60;
export const REGUA_MAX_ETAPAS = 20;
export const REGUA_CANAIS = ['whatsapp', 'email'] as const;
export type ReguaCanal = (typeof REGUA_CANAIS)[number];
export const REGUA_CANAL_LABEL: Record<ReguaCanal, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };

export type ReguaEtapaInput = { dias: number; canal: ReguaCanal; template: ReguaTemplateId; ativo: boolean };

/**
 * The stop conditions a régua may turn off. Paid (or written off) and opted out are not options:
 * a paid boleto is never reminded, and nothing goes on a channel the person left (LGPD art. 18).
 */
export type ReguaParadas = { parar_acordo: boolean; parar_spc: boolean; parar_contestado: boolean };
export const REGUA_PARADAS_LABEL: Record<keyof ReguaParadas, string> = {
  parar_acordo: 'Pessoa com acordo em andamento',
  parar_spc: 'Pessoa com aviso prévio ou inclusão no SPC',
  parar_contestado: 'Boleto contestado',
};

/** The default régua (like Asaas's: 10 days before, on the day, then weekly while overdue). */
export const REGUA_PADRAO: { etapas: ReguaEtapaInput[]; paradas: ReguaParadas } = {
  etapas: [
    { dias: -10, canal: 'whatsapp', template: 'lembrete_antecipado', ativo: true },
    { dias: 0, canal: 'whatsapp', template: 'lembrete_dia', ativo: true },
    { dias: 3, canal: 'whatsapp', template: 'atraso_amigavel', ativo: true },
    { dias: 7, canal: 'email', template: 'atraso_amigavel', ativo: true },
    { dias: 15, canal: 'whatsapp', template: 'atraso_segundo_aviso', ativo: true },
    { dias: 30, canal: 'whatsapp', template: 'atraso_negociacao', ativo: true },
  ],
  paradas: { parar_acordo: true, parar_spc: true, parar_contestado: true },
};

/** "D−10", "D0", "D+3": a step's day as the screens and the report show it. */
export function reguaDiaLabel(dias: number): string {
  return dias === 0 ? 'D0' : dias < 0 ? `D−${-dias}` : `D+${dias}`;
}

/** A step's name: "D+3 · WhatsApp". */
export const reguaEtapaLabel = (e: { dias: number; canal: ReguaCanal }) => `${reguaDiaLabel(e.dias)} · ${REGUA_CANAL_LABEL[e.canal]}`;

/** The outbox kind of a step: a reminder up to the due date, collection after it (MENSAGEM_TIPOS). */
export const reguaTipoMensagem = (dias: number) => (dias <= 0 ? 'lembrete_vencimento' : 'cobranca') as 'lembrete_vencimento' | 'cobranca';

export const REGUA_MSG = {
  diasInvalido: `O dia deve ser um número inteiro de ${REGUA_DIAS_MIN} a ${REGUA_DIAS_MAX} (relativo ao vencimento).`,
  canalInvalido: 'Escolha o canal: WhatsApp ou e-mail.',
  templateInvalido: 'Escolha um modelo de mensagem.',
  etapaRepetida: 'Já existe uma etapa neste dia e canal.',
  maxEtapas: `Uma régua tem no máximo ${REGUA_MAX_ETAPAS} etapas.`,
  salva: 'Régua de cobrança salva.',
  padraoRestaurado: 'A loja voltou a usar a régua padrão.',
  execucaoIniciada: 'Régua de cobrança iniciada.',
  execucaoEmAndamento: 'A régua de cobrança já está em execução.',
  contestacaoRegistrada: 'Contestação registrada: o boleto não recebe mensagens da régua enquanto ela estiver aberta.',
  contestacaoEncerrada: 'Contestação encerrada: o boleto volta à régua de cobrança.',
  jaContestado: 'Este boleto já tem uma contestação aberta.',
  contestacaoEncerradaAntes: 'Esta contestação já foi encerrada.',
  motivoObrigatorio: 'Informe o motivo.',
} as const;

export const reguaEtapaSchema = z.object({
  dias: z.number({ error: REGUA_MSG.diasInvalido }).int(REGUA_MSG.diasInvalido).min(REGUA_DIAS_MIN, REGUA_MSG.diasInvalido).max(REGUA_DIAS_MAX, REGUA_MSG.diasInvalido),
  canal: z.enum(REGUA_CANAIS, { error: REGUA_MSG.canalInvalido }),
  template: z.enum(REGUA_TEMPLATE_IDS, { error: REGUA_MSG.templateInvalido }),
  ativo: z.boolean(),
});

/** What Salvar sends: the steps and the stop conditions (a shop's override or the default). */
export const reguaSalvarSchema = z
  .object({
    etapas: z.array(reguaEtapaSchema).max(REGUA_MAX_ETAPAS, REGUA_MSG.maxEtapas),
    parar_acordo: z.boolean(),
    parar_spc: z.boolean(),
    parar_contestado: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.etapas.forEach((e, i) => {
      const key = `${e.dias}:${e.canal}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['etapas', i, 'dias'], message: REGUA_MSG.etapaRepetida });
      seen.add(key);
    });
  });
export type ReguaSalvarInput = z.infer<typeof reguaSalvarSchema>;

export const contestacaoMotivoSchema = z.string({ error: REGUA_MSG.motivoObrigatorio }).trim().min(3, REGUA_MSG.motivoObrigatorio).max(300, 'No máximo 300 caracteres.');
