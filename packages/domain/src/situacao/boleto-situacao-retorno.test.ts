import { describe, expect, it } from 'vitest';
import { canApply, nextSituacao, SITUACAO } from './boleto-situacao.js';

/** The actions a retorno adds to the machine (docs/decisions/041-cnab-remessa-retorno.md). */
describe('retorno actions of the boleto situação machine', () => {
  it('an entrada the bank rejected makes the boleto payable again (the next remessa resends it)', () => {
    expect(nextSituacao('rejeitarEntrada', SITUACAO.ENVIADO_REGISTRO)).toBe(SITUACAO.DISPONIVEL);
    for (const s of [SITUACAO.DISPONIVEL, SITUACAO.GARANTIDO, SITUACAO.LIQUIDADO, null]) expect(canApply('rejeitarEntrada', s)).toBe(false);
  });

  it('a liquidação with a write-off request still pending settles the boleto', () => {
    for (const s of [SITUACAO.ENVIADO_BAIXA, SITUACAO.ENVIADO_CANCELAMENTO, SITUACAO.ENVIADO_REMOCAO]) {
      expect(nextSituacao('liquidarComPedidoPendente', s)).toBe(SITUACAO.LIQUIDADO);
    }
    for (const s of [SITUACAO.BAIXADO, SITUACAO.BAIXADO_CANCELADO, SITUACAO.BAIXADO_REMOVIDO, SITUACAO.LIQUIDADO, SITUACAO.GARANTIDO]) {
      expect(canApply('liquidarComPedidoPendente', s)).toBe(false);
    }
  });
});
