import { describe, expect, it } from 'vitest';
import { ASSINATURA_MSG, assinaturaConviteTexto } from './assinatura-messages.js';
import { ASSINATURA_TOKEN_PATTERN, assinaturaAssinarSchema, assinaturaEnvioSchema, assinaturaSituacao, maskDocument, sameDocumentDigits } from './assinatura-rules.js';

describe('assinatura rules', () => {
  it('the send form needs a valid phone (masked, with or without the space) and e-mail', () => {
    expect(assinaturaEnvioSchema.parse({ email: ' Ana@Example.COM ', telefone: '(11) 98765-4321' })).toEqual({ email: 'ana@example.com', telefone: '11987654321' });
    expect(assinaturaEnvioSchema.parse({ email: 'a@b.co', telefone: '(11)3333-4444' }).telefone).toBe('1133334444');
    const empty = assinaturaEnvioSchema.safeParse({ email: '', telefone: '' });
    // forms and the API show the first message of each field
    const first = new Map<unknown, string>();
    for (const i of empty.success ? [] : empty.error.issues) if (!first.has(i.path[0])) first.set(i.path[0], i.message);
    expect(Object.fromEntries(first)).toEqual({ email: 'Campo obrigatório', telefone: 'Campo obrigatório' });
  });

  it('signing needs the CPF/CNPJ, a full name and the ticked acceptance', () => {
    expect(assinaturaAssinarSchema.parse({ cpf_cnpj: '529.982.247-25', nome: '  Ana   Maria ', aceite: true })).toEqual({ cpf_cnpj: '52998224725', nome: 'Ana Maria', aceite: true });
    const bad = assinaturaAssinarSchema.safeParse({ cpf_cnpj: '529.982.247-25', nome: 'Ana', aceite: false });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([ASSINATURA_MSG.nomeCompleto, ASSINATURA_MSG.aceiteObrigatorio]);
  });

  it('compares documents by digits and masks them for the public page', () => {
    expect(sameDocumentDigits('529.982.247-25', '52998224725')).toBe(true);
    expect(sameDocumentDigits('529.982.247-25', '52998224726')).toBe(false);
    expect(sameDocumentDigits('', '')).toBe(false);
    expect(maskDocument('52998224725')).toBe('***.982.247-**');
    expect(maskDocument('11222333000181')).toBe('**.222.333/0001-**');
  });

  it('a PENDENTE request past its expiry reads EXPIRADA', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(assinaturaSituacao('PENDENTE', '2026-11-23T11:59:59Z', now)).toBe('EXPIRADA');
    expect(assinaturaSituacao('PENDENTE', '2026-11-30T12:00:00Z', now)).toBe('PENDENTE');
    expect(assinaturaSituacao('ASSINADA', '2026-11-01T00:00:00Z', now)).toBe('ASSINADA');
  });

  it('tokens are 43 base64url characters; the invitation carries the link and its expiry', () => {
    expect(ASSINATURA_TOKEN_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(ASSINATURA_TOKEN_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(ASSINATURA_TOKEN_PATTERN.test(`${'a'.repeat(42)}/`)).toBe(false);
    const convite = assinaturaConviteTexto({
      nome: 'Ana', loja: 'Loja Demo', protocolo: '12-3', parcelas: 3, totalCents: 90000, link: 'https://x/assinatura/abc', expiraEm: new Date('2026-11-30T15:00:00Z'),
    });
    expect(convite.subject).toBe('Duplicatas para assinatura — Loja Demo');
    expect(convite.text).toContain('https://x/assinatura/abc');
    expect(convite.text).toContain('3 parcelas, total de R$ 900,00');
    expect(convite.text).toContain('30/11/2026 12:00');
  });
});
