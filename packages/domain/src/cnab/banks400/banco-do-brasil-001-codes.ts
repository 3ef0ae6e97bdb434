import type { CodeTable, MovementCategory } from '../codes/movement-codes.js';

/**
 * Banco do Brasil CNAB 400 code tables, from "CNAB400/CBR643 — Layout de Arquivo Retorno para
 * convênios na faixa numérica entre 1.000.000 a 9.999.999", versão Jan/2014 (brcobranca's
 * docs/Banco do Brasil/Doc2628CBR643Pos7.pdf; the same text as laravel-boleto's manuais/BB/retorno.pdf).
 * Page numbers are the manual's own; wording from the manual, accents restored.
 */

/** Nota 07 "Comando" (109-110), pp. 22-23. */
export const BB400_RETORNO_MOVEMENTS: CodeTable = {
  '02': 'Confirmação de entrada de título',
  '03': 'Comando recusado',
  '05': 'Liquidado sem registro',
  '06': 'Liquidação normal',
  '07': 'Liquidação por conta/parcial',
  '08': 'Liquidação por saldo',
  '09': 'Baixa de título',
  '10': 'Baixa solicitada',
  '11': 'Títulos em ser',
  '12': 'Abatimento concedido',
  '13': 'Abatimento cancelado',
  '14': 'Alteração de vencimento do título',
  '15': 'Liquidação em cartório',
  '16': 'Confirmação de alteração de juros de mora',
  '19': 'Confirmação de recebimento de instruções para protesto',
  '20': 'Débito em conta',
  '21': 'Alteração do nome do pagador',
  '22': 'Alteração do endereço do pagador',
  '23': 'Indicação de encaminhamento a cartório',
  '24': 'Sustar protesto',
  '25': 'Dispensar juros de mora',
  '26': 'Alteração do número do título dado pelo beneficiário (seu número)',
  '28': 'Manutenção de título vencido',
  '31': 'Conceder desconto',
  '32': 'Não conceder desconto',
  '33': 'Retificar desconto',
  '34': 'Alterar data para desconto',
  '35': 'Cobrar multa',
  '36': 'Dispensar multa',
  '37': 'Dispensar indexador',
  '38': 'Dispensar prazo limite para recebimento',
  '39': 'Alterar prazo limite para recebimento',
  '41': 'Alteração do número do controle do participante',
  '42': 'Alteração do número do documento do pagador (CNPJ/CPF)',
  '44': 'Título pago com cheque devolvido',
  '46': 'Título pago com cheque, aguardando compensação',
  '72': 'Alteração de tipo de cobrança',
  '73': 'Confirmação de instrução de parâmetro de pagamento parcial',
  '96': 'Despesas de protesto',
  '97': 'Despesas de sustação de protesto',
  '98': 'Débito de custas antecipadas',
};

/**
 * Our situações from BB's comandos (DOMAIN.md "Boleto situação"): 02 registers the title; 05, 06,
 * 07 (by the payer's account, or a partial payment), 08 (the balance) and 15 (at the cartório)
 * settle it — nota 05 names exactly these as "liquidação"; 09, 10 and 20 write it off (nota 05 c);
 * 03 refuses the command (the API returns the boleto to the next remessa); 96, 97 and 98 are the
 * cartório's costs debited to the beneficiary. 46 (paid by a cheque still clearing) is not yet
 * money and 44 (that cheque bounced) undoes nothing we booked, so both stay informative.
 */
export const BB400_MOVEMENT_CATEGORIES: Readonly<Record<string, MovementCategory>> = {
  '02': 'entrada',
  '03': 'rejeicao',
  '05': 'liquidacao',
  '06': 'liquidacao',
  '07': 'liquidacao',
  '08': 'liquidacao',
  '15': 'liquidacao',
  '09': 'baixa',
  '10': 'baixa',
  '20': 'baixa',
  '96': 'tarifa',
  '97': 'tarifa',
  '98': 'tarifa',
};

/** Nota 05 a: "natureza do recebimento" (87-88) of a liquidação. */
const NATUREZA_LIQUIDACAO: CodeTable = {
  '01': 'Liquidação normal',
  '02': 'Liquidação parcial',
  '03': 'Liquidação por saldo',
  '04': 'Liquidação com cheque a compensar',
  '05': 'Liquidação de título sem registro',
  '07': 'Liquidação na apresentação',
  '09': 'Liquidação em cartório',
  '10': 'Liquidação parcial com cheque a compensar',
  '11': 'Liquidação por saldo com cheque a compensar',
};

/** Nota 05 b: of an entrada (00, "por meio magnético", is the usual and reads as no motivo). */
const NATUREZA_ENTRADA: CodeTable = {
  '11': 'Entrada por via convencional',
  '16': 'Entrada por alteração do código do beneficiário',
  '17': 'Entrada por alteração da variação',
  '18': 'Entrada por alteração da carteira',
};

/** Nota 05 c: of a baixa (00, "solicitada pelo cliente", reads as no motivo). */
const NATUREZA_BAIXA: CodeTable = {
  '15': 'Protestado',
  '18': 'Por alteração da carteira',
  '19': 'Débito automático',
  '31': 'Liquidado anteriormente',
  '32': 'Habilitado em processo',
  '33': 'Incobrável por nosso intermédio',
  '34': 'Transferido para créditos em liquidação',
  '46': 'Por alteração da variação',
  '47': 'Por alteração da variação',
  '51': 'Acerto',
  '90': 'Baixa automática',
};

/** Nota 05 d (pp. 18-20): why comando 03 refused the remessa's command. */
const NATUREZA_RECUSA: CodeTable = {
  '01': 'Identificação inválida',
  '02': 'Variação da carteira inválida',
  '03': 'Valor dos juros por um dia inválido',
  '04': 'Valor do desconto inválido',
  '05': 'Espécie de título inválida para carteira/variação',
  '06': 'Espécie de valor invariável inválido',
  '07': 'Prefixo da agência usuária inválido',
  '08': 'Valor do título/apólice inválido',
  '09': 'Data de vencimento inválida',
  '10': 'Fora do prazo/só admissível na carteira',
  '11': 'Inexistência de margem para desconto',
  '12': 'O banco não tem agência na praça do pagador',
  '13': 'Razões cadastrais',
  '14': 'Pagador interligado com o sacador avalista',
  '15': 'Título contra órgão do Poder Público',
  '16': 'Título preenchido de forma irregular',
  '17': 'Título rasurado',
  '18': 'Endereço do pagador não localizado ou incompleto',
  '19': 'Código do beneficiário inválido',
  '20': 'Nome/endereço do cliente não informado (ECT)',
  '21': 'Carteira inválida',
  '22': 'Quantidade de valor variável inválida',
  '23': 'Faixa de nosso número excedida',
  '24': 'Valor do abatimento inválido',
  '25': 'Novo número do título dado pelo beneficiário inválido (seu número)',
  '26': 'Valor do IOF de seguro inválido',
  '27': 'Nome do pagador/beneficiário inválido',
  '28': 'Data do novo vencimento inválida',
  '29': 'Endereço não informado',
  '30': 'Registro de título já liquidado',
  '31': 'Número do borderô inválido',
  '32': 'Nome da pessoa autorizada inválido',
  '33': 'Nosso número já existente',
  '34': 'Número da prestação do contrato inválido',
  '35': 'Percentual de desconto inválido',
  '36': 'Dias para fichamento de protesto inválido',
  '37': 'Data de emissão do título inválida',
  '38': 'Data do vencimento anterior à data da emissão do título',
  '39': 'Comando de alteração indevido para a carteira',
  '40': 'Tipo de moeda inválido',
  '41': 'Abatimento não permitido',
  '42': 'CEP/UF inválido/não compatíveis (ECT)',
  '43': 'Código de unidade variável incompatível com a data de emissão do título',
  '44': 'Dados para débito ao pagador inválidos',
  '45': 'Carteira/variação encerrada',
  '46': 'Convênio encerrado',
  '47': 'Título tem valor diverso do informado',
  '48': 'Motivo de baixa inválido para a carteira',
  '49': 'Abatimento a cancelar não consta do título',
  '50': 'Comando incompatível com a carteira',
  '51': 'Código do convenente inválido',
  '52': 'Abatimento igual ou maior que o valor do título',
  '53': 'Título já se encontra na situação pretendida',
  '54': 'Título fora do prazo admitido para a conta 1',
  '55': 'Novo vencimento fora dos limites da carteira',
  '56': 'Título não pertence ao convenente',
  '57': 'Variação incompatível com a carteira',
  '58': 'Impossível a variação única para a carteira indicada',
  '59': 'Título vencido em transferência para a carteira 51',
  '60': 'Título com prazo superior a 179 dias em variação única para carteira 51',
  '61': 'Título já foi fichado para protesto',
  '62': 'Alteração da situação de débito inválida para o código de responsabilidade',
  '63': 'DV do nosso número inválido',
  '64': 'Título não passível de débito/baixa – situação anormal',
  '65': 'Título com ordem de não protestar – não pode ser encaminhado a cartório',
  '66': 'Número do documento do pagador (CNPJ/CPF) inválido',
  '67': 'Título/carnê rejeitado',
  // 68 falls on the manual's page break; laravel-boleto's and ACBr's BB tables give it
  '68': 'Código/data/percentual de multa inválido',
  '69': 'Valor/percentual de juros inválido',
  '70': 'Título já se encontra isento de juros',
  '71': 'Código de juros inválido',
  '72': 'Prefixo da agência cobradora inválido',
  '73': 'Número do controle do participante inválido',
  '74': 'Cliente não cadastrado no CIOPE (Desconto/Vendor)',
  '75': 'Quantidade de dias do prazo limite para recebimento de título vencido inválida',
  '76': 'Título excluído automaticamente por decurso de prazo CIOPE (Desconto/Vendor)',
  '77': 'Título vencido transferido para a conta 1 – carteira vinculada',
  '80': 'Nosso número inválido',
  '81': 'Data para concessão do desconto inválida',
  '82': 'CEP do pagador inválido',
  '83': 'Carteira/variação não localizada no beneficiário',
  '84': 'Título não localizado na existência',
  '85': 'Recusa do comando 41 – parâmetro de liquidação parcial',
  '99': 'Outros motivos',
};

/** Nota 05 (p. 20): of comando 72, the change of tipo de cobrança. */
const NATUREZA_TIPO_COBRANCA: CodeTable = {
  '52': 'Reembolso de título vendor ou descontado',
};

/** Motivos of 87-88 by the comando they explain; the manual gives no table for the others. */
export const BB400_REASON_TABLES: Readonly<Record<string, CodeTable>> = {
  '02': NATUREZA_ENTRADA,
  '03': NATUREZA_RECUSA,
  '05': NATUREZA_LIQUIDACAO,
  '06': NATUREZA_LIQUIDACAO,
  '07': NATUREZA_LIQUIDACAO,
  '08': NATUREZA_LIQUIDACAO,
  '15': NATUREZA_LIQUIDACAO,
  '46': NATUREZA_LIQUIDACAO,
  '09': NATUREZA_BAIXA,
  '10': NATUREZA_BAIXA,
  '20': NATUREZA_BAIXA,
  '72': NATUREZA_TIPO_COBRANCA,
};

/**
 * Nota 15 (p. 26): 393-394, the channel the payer used (liquidações) or, on an entrada, whether the
 * payer is a DDA "sacado eletrônico" (50; 00 is not, and reads as no channel). The codes of the two
 * uses do not overlap, so one table serves both.
 */
export const BB400_CHANNELS: CodeTable = {
  '01': 'Terminal de autoatendimento',
  '02': 'Internet',
  '03': 'Central de atendimento (URA)',
  '04': 'Gerenciador financeiro',
  '05': 'Central de atendimento',
  '06': 'Outro canal de autoatendimento',
  '07': 'Correspondente bancário',
  '08': 'Guichê de caixa',
  '09': 'Arquivo eletrônico',
  '10': 'Compensação',
  '11': 'Outro canal eletrônico',
  '50': 'Pagador eletrônico no DDA',
};
