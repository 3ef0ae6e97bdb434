import type { CodeTable, MovementCategory } from '../codes/movement-codes.js';

/**
 * Santander CNAB 240 code tables, "Layout de Arquivo Padrão 240 – Cobrança", H7815 v2.9, April
 * 2018 (laravel-boleto's manuais/SANTANDER/novos/). Only what differs from, or adds to, FEBRABAN's
 * tables (codes/*.ts): makeProfile merges them over FEBRABAN's.
 */

/** Nota 41, "Códigos de movimento para retorno" (pp. 25-26). */
export const SANTANDER_240_RETORNO_MOVEMENTS: CodeTable = {
  '04': 'Transferência de carteira/entrada',
  '05': 'Transferência de carteira/baixa',
  '11': 'Títulos em carteira (em ser)',
  '17': 'Liquidação após baixa ou liquidação de título não registrado',
  '20': 'Confirmação de recebimento de instrução de sustação/não protestar',
  '23': 'Remessa a cartório (aponte em cartório)',
  '24': 'Retirada de cartório e manutenção em carteira',
  '32': 'Código de IOF inválido',
  '51': 'Título DDA reconhecido pelo pagador',
  '52': 'Título DDA não reconhecido pelo pagador',
  '53': 'Título DDA recusado pela CIP',
  '61': 'Confirmação de alteração do valor nominal do título',
  '91': 'Confirmação de alteração do valor mínimo ou percentual mínimo',
  '92': 'Confirmação de alteração do valor máximo ou percentual máximo',
  '93': 'Baixa operacional',
  '94': 'Cancelamento de baixa operacional',
};

/**
 * Over FEBRABAN's categories: 53 (refused by the CIP) is a rejection; 93/94, the "baixa
 * operacional" of a payment under way and its cancelling, are informative — the manual says the
 * liquidação itself comes in the night's file (nota 41-C).
 */
export const SANTANDER_240_CATEGORIES: Readonly<Record<string, MovementCategory>> = {
  '53': 'rejeicao',
  '93': 'outro',
  '94': 'outro',
};

/** Nota 41-A (pp. 26-27): rejeições of movements 03, 26 and 30, as Santander words them. */
export const SANTANDER_240_REJECTIONS: CodeTable = {
  '01': 'Código do banco inválido',
  '02': 'Código do registro detalhe inválido',
  '03': 'Código do segmento inválido',
  '04': 'Código do movimento não permitido para a carteira',
  '05': 'Código de movimento inválido',
  '06': 'Tipo/número de inscrição do beneficiário inválidos',
  '07': 'Agência/conta/DV inválido',
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '10': 'Carteira inválida',
  '11': 'Forma de cadastramento do título inválida (se desconto: título rejeitado, operação de desconto/horário limite)',
  '12': 'Tipo de documento inválido',
  '13': 'Identificação da emissão do boleto inválida',
  '14': 'Identificação da distribuição do boleto inválida',
  '15': 'Características da cobrança incompatíveis',
  '16': 'Data de vencimento inválida',
  '17': 'Data de vencimento anterior à data de emissão',
  '18': 'Vencimento fora do prazo de operação',
  '19': 'Título a cargo de bancos correspondentes com vencimento inferior a xx dias',
  '20': 'Valor do título inválido',
  '21': 'Espécie do título inválida',
  '22': 'Espécie não permitida para a carteira',
  '23': 'Aceite inválido',
  '24': 'Data de emissão inválida',
  '25': 'Data de emissão posterior à data de entrada',
  '26': 'Código de juros de mora inválido',
  '27': 'Valor/taxa de juros de mora inválido',
  '28': 'Código de desconto inválido',
  '29': 'Valor do desconto maior ou igual ao valor do título',
  '30': 'Desconto a conceder não confere',
  '31': 'Concessão de desconto: já existe desconto anterior',
  '32': 'Valor do IOF inválido',
  '33': 'Valor do abatimento inválido',
  '34': 'Valor do abatimento maior ou igual ao valor do título',
  '35': 'Abatimento a conceder não confere',
  '36': 'Concessão de abatimento: já existe abatimento anterior',
  '37': 'Código para protesto inválido',
  '38': 'Prazo para protesto inválido',
  '39': 'Pedido de protesto não permitido para o título',
  '40': 'Título com ordem de protesto emitida',
  '41': 'Pedido de cancelamento/sustação para títulos sem instrução de protesto',
  '42': 'Código para baixa/devolução inválido',
  '43': 'Prazo para baixa/devolução inválido',
  '44': 'Código de moeda inválido',
  '45': 'Nome do pagador não informado',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '47': 'Endereço do pagador não informado',
  '48': 'CEP inválido',
  '49': 'CEP sem praça de cobrança (não localizado)',
  '50': 'CEP referente a um banco correspondente',
  '51': 'CEP incompatível com a unidade da federação',
  '52': 'Unidade da federação inválida',
  '53': 'Tipo/número de inscrição do sacador/avalista inválidos',
  '54': 'Sacador/avalista não informado',
  '55': 'Nosso número no banco correspondente não informado',
  '56': 'Código do banco correspondente não informado',
  '57': 'Código da multa inválido',
  '58': 'Data da multa inválida',
  '59': 'Valor/percentual da multa inválido',
  '60': 'Movimento para título não cadastrado',
  '61': 'Alteração de agência cobradora/DV inválida',
  '62': 'Tipo de impressão inválido',
  '63': 'Entrada para título já cadastrado',
  '64': 'Número da linha inválido',
  '65': 'A espécie de título não permite a instrução',
  '72': 'Entrada de título sem registro',
  '90': 'Identificador/quantidade de parcelas de carnê inválido',
  '91': 'Título descontado: instrução não permitida',
  '92': 'Data de desconto inválida',
  '93': 'Número do lote remessa inválido',
  B2: 'Valor nominal do título conflitante',
  B3: 'Tipo de pagamento inválido',
  B4: 'Valor máximo ou percentual máximo inválido',
  B5: 'Valor mínimo ou percentual mínimo inválido',
  Z1: 'Quantidade de pagamentos possíveis inválida',
  Z5: 'Título com reserva: instrução não permitida',
  Z6: 'Segmento inválido para o tipo de carteira de cobrança',
  Z7: 'Instrução exige segmento Y53',
};

/** Nota 41-C (p. 27): how a title was settled (06, 17) or written off (09). */
export const SANTANDER_240_SETTLEMENT: CodeTable = {
  '01': 'Liquidação por saldo',
  '02': 'Liquidação por conta',
  '03': 'Liquidação no próprio banco',
  '04': 'Liquidação por compensação eletrônica',
  '05': 'Liquidação por compensação convencional',
  '06': 'Liquidação por arquivo magnético',
  '07': 'Liquidação após feriado local',
  '08': 'Liquidação em cartório',
  '09': 'Pagamento parcial (numa liquidação) ou baixa comandada pelo banco (numa baixa)',
  '10': 'Baixa comandada pelo cliente por arquivo',
  '11': 'Baixa comandada pelo cliente on-line',
  '12': 'Baixa por decurso de prazo (cliente)',
  '13': 'Baixa por decurso de prazo (banco)',
};
