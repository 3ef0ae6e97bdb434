import type { CodeTable } from '../codes/movement-codes.js';

/**
 * Caixa SIGCB CNAB 240 codes that differ from or add to FEBRABAN's (makeProfile merges them over
 * the FEBRABAN tables). Wording ours, codes from Caixa's "Leiaute CNAB 240 SIGCB" notes C044/C047.
 */

export const CAIXA_RETORNO_MOVEMENTS: CodeTable = {
  '01': 'Solicitação de impressão de títulos confirmada',
  '35': 'Confirmação de inclusão no banco de pagadores',
  '36': 'Confirmação de alteração no banco de pagadores',
  '37': 'Confirmação de exclusão no banco de pagadores',
  '38': 'Emissão de boletos do banco de pagadores',
  '39': 'Manutenção de pagador rejeitada',
  '40': 'Entrada de título via banco de pagadores rejeitada',
  '41': 'Manutenção do banco de pagadores rejeitada',
  '44': 'Estorno de baixa/liquidação',
  '45': 'Alteração de dados',
  '46': 'Liquidação on-line',
  '47': 'Estorno de liquidação on-line',
  '61': 'Confirmação de alteração do valor nominal do título',
  '62': 'Confirmação de alteração do valor/percentual mínimo/máximo',
};

/** Movements 02, 03, 26, 30: Caixa keeps FEBRABAN's 01-63 and numbers its own checks 64-99. */
export const CAIXA_REJECTIONS: CodeTable = {
  '60': 'Movimento para título não cadastrado (beneficiário ou agência não cadastrados ou desativados)',
  '64': 'Entrada inválida para cobrança caucionada',
  '65': 'CEP do pagador não encontrado',
  '66': 'Agência cobradora não encontrada',
  '67': 'Agência do beneficiário não encontrada',
  '68': 'Movimentação inválida para o título',
  '69': 'Alteração de dados inválida',
  '70': 'Apelido do cliente não cadastrado',
  '71': 'Erro na composição do arquivo',
  '72': 'Lote de serviço inválido',
  '73': 'Código do beneficiário inválido',
  '74': 'Beneficiário não pertence à cobrança eletrônica',
  '75': 'Nome da empresa inválido',
  '76': 'Nome do banco inválido',
  '77': 'Código da remessa inválido',
  '78': 'Data/hora de geração do arquivo inválida',
  '79': 'Número sequencial do arquivo inválido',
  '80': 'Versão do leiaute do arquivo inválida',
  '81': 'Literal REMESSA-TESTE válida só na fase de testes',
  '82': 'Literal REMESSA-TESTE obrigatória na fase de testes',
  '83': 'Tipo/número de inscrição da empresa inválido',
  '84': 'Tipo de operação inválido',
  '85': 'Tipo de serviço inválido',
  '86': 'Forma de lançamento inválida',
  '87': 'Número da remessa inválido',
  '88': 'Número da remessa menor ou igual ao da remessa anterior',
  '89': 'Lote de serviço divergente',
  '90': 'Número sequencial do registro inválido',
  '91': 'Erro na sequência de segmentos do registro detalhe',
  '92': 'Código de movimento divergente entre os segmentos do título',
  '93': 'Quantidade de registros no lote inválida',
  '94': 'Quantidade de registros no lote divergente',
  '95': 'Quantidade de lotes no arquivo inválida',
  '96': 'Quantidade de lotes no arquivo divergente',
  '97': 'Quantidade de registros no arquivo inválida',
  '98': 'Quantidade de registros no arquivo divergente',
  '99': 'Código de DDD inválido',
};

/** Movement 28. */
export const CAIXA_FEES: CodeTable = {
  '12': 'Redisponibilização de arquivo retorno eletrônico',
  '15': 'Tarifa de banco de pagadores',
  '17': 'Aviso de disponibilidade de boleto por e-mail ao pagador',
  '18': 'Emissão de boleto pré-impresso CAIXA matricial',
  '19': 'Emissão de boleto pré-impresso CAIXA A4',
  '20': 'Emissão de boleto padrão CAIXA',
  '21': 'Emissão de boleto/carnê',
  '31': 'Emissão de aviso de vencido',
  '42': 'Alteração cadastral de dados do título sem emissão de aviso',
  '45': 'Emissão de 2ª via de boleto de cobrança registrada',
};

/** Movements 06, 09, 17: the channel where the title was paid, or who wrote it off. */
export const CAIXA_SETTLEMENT_CHANNELS: CodeTable = {
  '02': 'Unidade lotérica',
  '03': 'Agência CAIXA',
  '04': 'Compensação eletrônica',
  '05': 'Compensação convencional',
  '06': 'Internet banking',
  '07': 'Correspondente bancário',
  '08': 'Em cartório',
  '09': 'Baixa comandada pelo banco',
  '10': 'Baixa comandada pelo cliente por arquivo',
  '11': 'Baixa comandada pelo cliente on-line',
  '12': 'Baixa por decurso de prazo (cliente)',
  '13': 'Baixa por decurso de prazo (banco)',
  '14': 'Protestado',
};
