import { describe, expect, it } from 'vitest';
import { avulsoEffect, boletoEffect } from './retorno-effect.js';

describe('what a retorno movement does to a boleto', () => {
  it('entrada confirmada: ENVIADO PARA REGISTRO → GARANTIDO; otherwise nothing', () => {
    expect(boletoEffect('entrada', '02', 'ENVIADO PARA REGISTRO')).toMatchObject({ resultado: 'APLICADO', action: 'confirmarEntrada', para: 'GARANTIDO' });
    expect(boletoEffect('entrada', '02', 'GARANTIDO')).toMatchObject({ resultado: 'IGNORADO', action: null });
  });

  it('liquidação: LIQUIDADO from any open situação, also with a pending request; a written-off title is flagged', () => {
    for (const s of ['DISPONÍVEL PARA PAGAMENTO', 'ENVIADO PARA REGISTRO', 'GARANTIDO', 'QUITADO'] as const) {
      expect(boletoEffect('liquidacao', '06', s)).toMatchObject({ resultado: 'APLICADO', action: 'liquidar', para: 'LIQUIDADO' });
    }
    expect(boletoEffect('liquidacao', '06', 'ENVIADO PARA BAIXA')).toMatchObject({ action: 'liquidarComPedidoPendente', para: 'LIQUIDADO' });
    expect(boletoEffect('liquidacao', '17', 'BAIXADO')).toMatchObject({ resultado: 'IGNORADO', mensagem: expect.stringMatching(/verifique o crédito/) });
  });

  it('baixa confirms each pending request as its own BAIXADO; without a request nothing changes', () => {
    expect(boletoEffect('baixa', '09', 'ENVIADO PARA BAIXA')).toMatchObject({ action: 'confirmarBaixa', para: 'BAIXADO' });
    expect(boletoEffect('baixa', '09', 'ENVIADO PARA CANCELAMENTO')).toMatchObject({ action: 'confirmarCancelamento', para: 'BAIXADO (CANCELADO)' });
    expect(boletoEffect('baixa', '09', 'ENVIADO PARA REMOÇÃO')).toMatchObject({ action: 'confirmarRemocao', para: 'BAIXADO (REMOVIDO)' });
    expect(boletoEffect('baixa', '09', 'GARANTIDO')).toMatchObject({ resultado: 'IGNORADO', action: null });
  });

  it('rejections are recorded; a rejected entrada goes back to DISPONÍVEL', () => {
    expect(boletoEffect('rejeicao', '03', 'ENVIADO PARA REGISTRO')).toMatchObject({ resultado: 'REJEITADO', action: 'rejeitarEntrada', para: 'DISPONÍVEL PARA PAGAMENTO' });
    expect(boletoEffect('rejeicao', '26', 'ENVIADO PARA BAIXA')).toMatchObject({ resultado: 'REJEITADO', action: null });
    expect(boletoEffect('tarifa', '28', 'GARANTIDO')).toMatchObject({ resultado: 'IGNORADO' });
  });

  it('boletos avulsos: REGISTRADO, LIQUIDADO, BAIXADO', () => {
    expect(avulsoEffect('entrada', 'DISPONÍVEL PARA PAGAMENTO')).toMatchObject({ resultado: 'APLICADO', para: 'REGISTRADO' });
    expect(avulsoEffect('liquidacao', 'REGISTRADO')).toMatchObject({ resultado: 'APLICADO', para: 'LIQUIDADO' });
    expect(avulsoEffect('baixa', 'DISPONÍVEL PARA PAGAMENTO')).toMatchObject({ para: 'BAIXADO' });
    expect(avulsoEffect('liquidacao', 'LIQUIDADO')).toMatchObject({ resultado: 'IGNORADO' });
  });
});
