import { describe, expect, it } from 'vitest';
import { BB_CANAL_LIQUIDACAO, bbCanalDaLiquidacao, bbCanalDoDetalhe, type BbCanal } from './bb/bb-codes.js';
import { canalPagamento, canalPagamentoNome, CANAL_DESCONHECIDO } from './canal-pagamento.js';

describe('canalPagamentoNome', () => {
  it('names Banco do Brasil channels as the reports print them', () => {
    expect(canalPagamentoNome('PIX')).toBe('Pix');
    expect(canalPagamentoNome('AGENCIA')).toBe('Agência');
    expect(canalPagamentoNome('INTERNET')).toBe('Internet banking');
    expect(canalPagamentoNome('AUTOATENDIMENTO')).toBe('Caixa eletrônico');
    expect(canalPagamentoNome('CORRESPONDENTE')).toBe('Correspondente');
    expect(canalPagamentoNome('CORRESPONDENTE_DIGITAL')).toBe('Correspondente digital');
    expect(canalPagamentoNome('CENTRAL_ATENDIMENTO')).toBe('Central de atendimento');
    expect(canalPagamentoNome('ARQUIVO_ELETRONICO')).toBe('Arquivo eletrônico');
    expect(canalPagamentoNome('DDA')).toBe('DDA');
  });

  it('names every channel the BB readers can produce, from both of its code tables', () => {
    for (const canal of Object.keys(BB_CANAL_LIQUIDACAO) as BbCanal[]) expect(canalPagamentoNome(canal)).not.toBe(CANAL_DESCONHECIDO);
    expect(canalPagamentoNome(bbCanalDaLiquidacao(4))).toBe('Pix');
    expect(canalPagamentoNome(bbCanalDoDetalhe(261))).toBe('Pix');
    expect(canalPagamentoNome(bbCanalDoDetalhe(101))).toBe('Agência');
  });

  it("names Caixa's channels (the same words where they agree with BB's)", () => {
    expect(canalPagamentoNome('LOTERICA')).toBe('Lotérica');
    expect(canalPagamentoNome('DEBITO_AUTOMATICO')).toBe('Débito automático');
    for (const [codigo, nome] of [['PIX', 'Pix'], ['AGENCIA', 'Agência'], ['INTERNET', 'Internet banking'], ['AUTOATENDIMENTO', 'Caixa eletrônico'], ['CORRESPONDENTE', 'Correspondente']]) {
      expect(canalPagamentoNome(codigo)).toBe(nome);
    }
  });

  it('answers "—" for a CNAB line (no channel) and for a code it does not know, never a guess', () => {
    expect(canalPagamentoNome(null)).toBe('—');
    expect(canalPagamentoNome(undefined)).toBe('—');
    expect(canalPagamentoNome('')).toBe('—');
    expect(canalPagamentoNome('CHEQUE')).toBe('—');
    expect(canalPagamentoNome('toString')).toBe('—');
    expect(canalPagamento('constructor')).toBeNull();
  });

  it('reads a stored code whatever its case or padding', () => {
    expect(canalPagamento(' pix ')).toBe('PIX');
    expect(canalPagamentoNome('loterica')).toBe('Lotérica');
  });
});
