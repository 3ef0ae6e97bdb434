import { describe, expect, it } from 'vitest';
import { aberturaDoProximoDia, dentroDaJanela, proximoMomentoPermitido } from './janela.js';
import { REGUA_PADRAO, reguaEtapaLabel, reguaSalvarSchema, reguaTipoMensagem } from './regua.js';
import { REGUA_TEMPLATE_IDS, REGUA_TEMPLATES, renderReguaMensagem, TERMOS_PROIBIDOS, type ReguaVariaveis } from './templates.js';

const v: ReguaVariaveis = {
  nome: 'MARIA DA SILVA',
  loja: 'Loja Centro',
  valorCents: 12345,
  vencimento: '2026-12-10',
  parcela: 2,
  qtdParcelas: 5,
  linhaDigitavel: '10499.12345 67890.123456 78901.234567 8 12340000012345',
  pix: '00020126580014br.gov.bcb.pix',
  link: 'https://bg.example/pagar/ABCDE-FGHJK',
  credor: { nome: 'Boleto Garantido S.A.', cnpj: '11222333000181' },
};

describe('régua templates (CDC art. 42 and 42-A)', () => {
  it.each(REGUA_TEMPLATE_IDS)('%s: neutral first line and subject, creditor name and CNPJ, linha, Pix and link, a way out', (id) => {
    for (const canal of ['whatsapp', 'email'] as const) {
      const m = renderReguaMensagem(id, canal, v);
      const [first] = m.text.split('\n');
      expect(first).toBe('Olá, Maria! Mensagem de Boleto Garantido S.A.');
      expect(m.subject).toBe('Mensagem de Boleto Garantido S.A.');
      for (const debt of ['R$', 'venc', 'parcela', 'atraso', 'aberto']) {
        expect(first.toLowerCase()).not.toContain(debt.toLowerCase());
        expect(m.subject.toLowerCase()).not.toContain(debt.toLowerCase());
      }
      expect(m.text).toContain('Credor: Boleto Garantido S.A. — CNPJ 11.222.333/0001-81.');
      expect(m.text).toContain(v.link);
      expect(m.text).not.toMatch(/\{\w+\}/);
      expect(m.text).toContain('SAIR');
    }
  });
  it('every template body avoids threats, third parties and bureaus', () => {
    for (const t of Object.values(REGUA_TEMPLATES)) for (const word of TERMOS_PROIBIDOS) expect(t.texto.toLowerCase()).not.toContain(word);
  });
  it('the reminders carry the linha digitável and the Pix code; without Pix the Pix line is left out', () => {
    const m = renderReguaMensagem('lembrete_dia', 'whatsapp', v);
    expect(m.text).toContain(v.linhaDigitavel);
    expect(m.text).toContain(`Pix copia e cola: ${v.pix}`);
    expect(m.text).toContain('R$ 123,45');
    expect(m.text).toContain('parcela 2/5');
    const sem = renderReguaMensagem('lembrete_dia', 'email', { ...v, pix: null });
    expect(sem.text).not.toContain('Pix');
    expect(sem.text).toContain(v.linhaDigitavel);
  });
});

describe('the sending window: 08:00–20:00 São Paulo (Saturdays to 14:00), no Sundays, no national holidays', () => {
  it('inside on a weekday and a Saturday; outside at night, on Sundays and holidays', () => {
    expect(dentroDaJanela(new Date('2026-12-01T12:00:00Z'))).toBe(true); // Tue 09:00
    expect(dentroDaJanela(new Date('2026-12-05T12:00:00Z'))).toBe(true); // Sat 09:00
    expect(dentroDaJanela(new Date('2026-12-05T16:59:00Z'))).toBe(true); // Sat 13:59
    expect(dentroDaJanela(new Date('2026-12-05T17:00:00Z'))).toBe(false); // Sat 14:00
    expect(dentroDaJanela(new Date('2026-12-01T10:59:00Z'))).toBe(false); // 07:59
    expect(dentroDaJanela(new Date('2026-12-01T23:00:00Z'))).toBe(false); // 20:00
    expect(dentroDaJanela(new Date('2026-12-06T15:00:00Z'))).toBe(false); // Sunday
    expect(dentroDaJanela(new Date('2026-12-25T15:00:00Z'))).toBe(false); // Natal
  });
  it('the next allowed moment', () => {
    expect(proximoMomentoPermitido(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-01T11:00:00.000Z'); // 07:00 → 08:00 same day
    expect(proximoMomentoPermitido(new Date('2026-12-01T23:30:00Z')).toISOString()).toBe('2026-12-02T11:00:00.000Z'); // 20:30 → next day
    expect(proximoMomentoPermitido(new Date('2026-12-05T23:30:00Z')).toISOString()).toBe('2026-12-07T11:00:00.000Z'); // Sat night → Monday
    expect(proximoMomentoPermitido(new Date('2026-12-05T18:00:00Z')).toISOString()).toBe('2026-12-07T11:00:00.000Z'); // Sat 15:00 → Monday
    expect(proximoMomentoPermitido(new Date('2026-12-24T23:30:00Z')).toISOString()).toBe('2026-12-26T11:00:00.000Z'); // Natal skipped
    const now = new Date('2026-12-01T15:00:00Z');
    expect(proximoMomentoPermitido(now)).toBe(now);
    expect(aberturaDoProximoDia(new Date('2026-12-05T15:00:00Z')).toISOString()).toBe('2026-12-07T11:00:00.000Z');
  });
});

describe('régua data', () => {
  it('the default is valid and labels read as the screen shows them', () => {
    expect(reguaSalvarSchema.safeParse({ etapas: REGUA_PADRAO.etapas, ...REGUA_PADRAO.paradas }).success).toBe(true);
    expect(reguaEtapaLabel({ dias: -10, canal: 'whatsapp' })).toBe('D−10 · WhatsApp');
    expect(reguaEtapaLabel({ dias: 3, canal: 'email' })).toBe('D+3 · E-mail');
    expect(reguaTipoMensagem(0)).toBe('lembrete_vencimento');
    expect(reguaTipoMensagem(1)).toBe('cobranca');
  });
  it('refuses days out of −10…+60 and a repeated day and channel, in Portuguese', () => {
    const bad = reguaSalvarSchema.safeParse({
      etapas: [
        { dias: -11, canal: 'whatsapp', template: 'lembrete_dia', ativo: true },
        { dias: 3, canal: 'email', template: 'atraso_amigavel', ativo: true },
        { dias: 3, canal: 'email', template: 'atraso_amigavel', ativo: false },
      ],
      parar_acordo: true, parar_spc: true, parar_contestado: true,
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('etapas.0.dias: O dia deve ser um número inteiro de -10 a 60 (relativo ao vencimento).');
    expect(messages).toContain('etapas.2.dias: Já existe uma etapa neste dia e canal.');
  });
});
