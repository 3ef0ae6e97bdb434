import { BOLETO_TRANSITIONS, nextSituacao, type BoletoAction, type BoletoAvulsoSituacao, type CnabMovementCategory, type RetornoResultado, type Situacao } from '@bg/domain';

/**
 * What one title of a retorno does to the boleto it names (DOMAIN.md "Boleto situação"), decided
 * from the movement's category and the boleto's situação at that moment. Pure: the preview and the
 * apply job take the same decisions. A decision with `action` changes the situação through the
 * state machine (change-situacao.ts); without one it is only recorded.
 */
export type RetornoEffect = {
  resultado: Exclude<RetornoResultado, 'JA_APLICADO' | 'NAO_ENCONTRADO'>;
  action: BoletoAction | null;
  para: Situacao | null;
  mensagem: string | null;
};

/** Which confirmation answers each pending request (the retorno's "baixa"). */
const CONFIRMA_PEDIDO: Partial<Record<Situacao, BoletoAction>> = {
  'ENVIADO PARA BAIXA': 'confirmarBaixa',
  'ENVIADO PARA CANCELAMENTO': 'confirmarCancelamento',
  'ENVIADO PARA REMOÇÃO': 'confirmarRemocao',
};

const apply = (action: BoletoAction, from: Situacao, resultado: RetornoEffect['resultado'] = 'APLICADO', mensagem: string | null = null): RetornoEffect => ({
  resultado,
  action,
  para: nextSituacao(action, from),
  mensagem,
});
const ignore = (mensagem: string): RetornoEffect => ({ resultado: 'IGNORADO', action: null, para: null, mensagem });
const can = (action: BoletoAction, from: Situacao) => BOLETO_TRANSITIONS[action].from.includes(from);

export function boletoEffect(category: CnabMovementCategory, movement: string, situacao: Situacao | null): RetornoEffect {
  const s = situacao;
  if (s === null) return ignore('Boleto ainda não liberado: nada a alterar.');
  switch (category) {
    case 'entrada':
      return can('confirmarEntrada', s) ? apply('confirmarEntrada', s) : ignore(`Entrada confirmada; o boleto está ${s}: nada a alterar.`);
    case 'liquidacao':
      if (can('liquidar', s)) return apply('liquidar', s);
      if (can('liquidarComPedidoPendente', s)) return apply('liquidarComPedidoPendente', s, 'APLICADO', `Liquidado no banco com o pedido (${s}) ainda pendente.`);
      return ignore(`Liquidação de um boleto ${s}: verifique o crédito com o banco.`);
    case 'baixa': {
      const action = CONFIRMA_PEDIDO[s];
      return action ? apply(action, s) : ignore(`Baixa sem pedido pendente (o boleto está ${s}).`);
    }
    case 'rejeicao':
      // an entrada the bank refused: the boleto is payable again and the next remessa resends it
      if (movement === '03' && can('rejeitarEntrada', s)) return apply('rejeitarEntrada', s, 'REJEITADO', 'Entrada rejeitada pelo banco: o boleto volta para a próxima remessa.');
      return { resultado: 'REJEITADO', action: null, para: null, mensagem: 'Instrução rejeitada pelo banco.' };
    default:
      return ignore('Movimento informativo: nada a alterar.');
  }
}

/** The same for a boleto avulso: DISPONÍVEL → REGISTRADO → LIQUIDADO, or BAIXADO by the bank. */
export type AvulsoEffect = { resultado: RetornoEffect['resultado']; para: BoletoAvulsoSituacao | null; mensagem: string | null };

const OPEN_AVULSO: BoletoAvulsoSituacao[] = ['DISPONÍVEL PARA PAGAMENTO', 'REGISTRADO'];

export function avulsoEffect(category: CnabMovementCategory, situacao: BoletoAvulsoSituacao): AvulsoEffect {
  const open = OPEN_AVULSO.includes(situacao);
  switch (category) {
    case 'entrada':
      return situacao === 'DISPONÍVEL PARA PAGAMENTO' ? { resultado: 'APLICADO', para: 'REGISTRADO', mensagem: null } : { resultado: 'IGNORADO', para: null, mensagem: `Entrada confirmada; o boleto avulso está ${situacao}.` };
    case 'liquidacao':
      return open ? { resultado: 'APLICADO', para: 'LIQUIDADO', mensagem: null } : { resultado: 'IGNORADO', para: null, mensagem: `Liquidação de um boleto avulso ${situacao}: verifique o crédito.` };
    case 'baixa':
      return open ? { resultado: 'APLICADO', para: 'BAIXADO', mensagem: null } : { resultado: 'IGNORADO', para: null, mensagem: `Baixa de um boleto avulso ${situacao}.` };
    case 'rejeicao':
      return { resultado: 'REJEITADO', para: null, mensagem: 'Instrução rejeitada pelo banco.' };
    default:
      return { resultado: 'IGNORADO', para: null, mensagem: 'Movimento informativo: nada a alterar.' };
  }
}
