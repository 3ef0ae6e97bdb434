/**
 * FEBRABAN CNAB 240 v10.x movement codes of Cobrança: "Código de Movimento Remessa" (note C004,
 * what we ask the bank) and "Código de Movimento Retorno" (C044, what the bank answers). Bank
 * profiles start from these tables and add or reword their own codes.
 */

export type CodeTable = Readonly<Record<string, string>>;

export const FEBRABAN_RETORNO_MOVEMENTS: CodeTable = {
  '02': 'Entrada confirmada',
  '03': 'Entrada rejeitada',
  '04': 'Transferência de carteira/entrada',
  '05': 'Transferência de carteira/baixa',
  '06': 'Liquidação',
  '07': 'Confirmação do recebimento da instrução de desconto',
  '08': 'Confirmação do recebimento do cancelamento do desconto',
  '09': 'Baixa',
  '11': 'Títulos em carteira (em ser)',
  '12': 'Confirmação do recebimento da instrução de abatimento',
  '13': 'Confirmação do recebimento da instrução de cancelamento de abatimento',
  '14': 'Confirmação do recebimento da instrução de alteração de vencimento',
  '15': 'Franco de pagamento',
  '17': 'Liquidação após baixa ou liquidação de título não registrado',
  '19': 'Confirmação do recebimento da instrução de protesto',
  '20': 'Confirmação do recebimento da instrução de sustação/cancelamento de protesto',
  '23': 'Remessa a cartório (aponte em cartório)',
  '24': 'Retirada de cartório e manutenção em carteira',
  '25': 'Protestado e baixado (baixa por ter sido protestado)',
  '26': 'Instrução rejeitada',
  '27': 'Confirmação do pedido de alteração de outros dados',
  '28': 'Débito de tarifas/custas',
  '29': 'Ocorrências do pagador',
  '30': 'Alteração de dados rejeitada',
  '33': 'Confirmação da alteração dos dados do rateio de crédito',
  '34': 'Confirmação do cancelamento dos dados do rateio de crédito',
  '35': 'Confirmação do desagendamento do débito automático',
  '36': 'Confirmação de envio de e-mail/SMS',
  '37': 'Envio de e-mail/SMS rejeitado',
  '38': 'Confirmação de alteração do prazo limite de recebimento',
  '39': 'Confirmação de dispensa de prazo limite de recebimento',
  '40': 'Confirmação da alteração do número do título dado pelo beneficiário',
  '41': 'Confirmação da alteração do número controle do participante',
  '42': 'Confirmação da alteração dos dados do pagador',
  '43': 'Confirmação da alteração dos dados do sacador/avalista',
  '44': 'Título pago com cheque devolvido',
  '45': 'Título pago com cheque compensado',
  '46': 'Instrução para cancelar protesto confirmada',
  '47': 'Instrução para protesto para fins falimentares confirmada',
  '48': 'Confirmação de instrução de transferência de carteira/modalidade de cobrança',
  '49': 'Alteração de contrato de cobrança',
  '50': 'Título pago com cheque pendente de liquidação',
  '51': 'Título DDA reconhecido pelo pagador',
  '52': 'Título DDA não reconhecido pelo pagador',
  '53': 'Título DDA recusado pela CIP',
  '54': 'Confirmação da instrução de baixa de título negativado sem protesto',
};

/**
 * What a retorno movement means for a boleto's situação (DOMAIN.md "Boleto situação"): the API
 * moves ENVIADO PARA REGISTRO → GARANTIDO on 'entrada', → LIQUIDADO on 'liquidacao', confirms the
 * ENVIADO PARA BAIXA/CANCELAMENTO/REMOÇÃO boletos on 'baixa', and shows 'rejeicao' to an operator.
 */
export type MovementCategory = 'entrada' | 'rejeicao' | 'liquidacao' | 'baixa' | 'tarifa' | 'outro';

export const FEBRABAN_MOVEMENT_CATEGORIES: Readonly<Record<string, MovementCategory>> = {
  '02': 'entrada',
  '03': 'rejeicao',
  '26': 'rejeicao',
  '30': 'rejeicao',
  '06': 'liquidacao',
  '17': 'liquidacao',
  '09': 'baixa',
  '25': 'baixa',
  '28': 'tarifa',
};

export const FEBRABAN_REMESSA_MOVEMENTS: CodeTable = {
  '01': 'Entrada de títulos',
  '02': 'Pedido de baixa',
  '04': 'Concessão de abatimento',
  '05': 'Cancelamento de abatimento',
  '06': 'Alteração de vencimento',
  '07': 'Concessão de desconto',
  '08': 'Cancelamento de desconto',
  '09': 'Protestar',
  '10': 'Sustar protesto e baixar título',
  '11': 'Sustar protesto e manter em carteira',
  '12': 'Alteração de juros de mora',
  '13': 'Dispensar cobrança de juros de mora',
  '14': 'Alteração de valor/percentual de multa',
  '15': 'Dispensar cobrança de multa',
  '16': 'Alteração do valor de desconto',
  '17': 'Não conceder desconto',
  '18': 'Alteração do valor de abatimento',
  '19': 'Prazo limite de recebimento – alterar',
  '20': 'Prazo limite de recebimento – dispensar',
  '21': 'Alterar número do título dado pelo beneficiário',
  '22': 'Alterar número de controle do participante',
  '23': 'Alterar dados do pagador',
  '24': 'Alterar dados do sacador/avalista',
  '30': 'Recusa da alegação do pagador',
  '31': 'Alteração de outros dados',
  '40': 'Alteração de carteira',
  '41': 'Cancelar protesto',
};

/** The instructions our remessa sends (DOMAIN.md: registration, write-off, changes of a title). */
export type RemessaKind = 'entrada' | 'baixa' | 'alteracao_vencimento' | 'alteracao_valor';

export const REMESSA_KINDS: readonly RemessaKind[] = ['entrada', 'baixa', 'alteracao_vencimento', 'alteracao_valor'];

/**
 * FEBRABAN codes for our kinds. A change of value has no code of its own in C004, so it goes as
 * 31 "alteração de outros dados" with the new value in segment P (both Caixa and BB accept it that
 * way); a bank that wants another code overrides it in its profile.
 */
export const FEBRABAN_REMESSA_KIND_CODES: Readonly<Record<RemessaKind, string>> = {
  entrada: '01',
  baixa: '02',
  alteracao_vencimento: '06',
  alteracao_valor: '31',
};
