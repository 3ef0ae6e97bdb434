/** Portuguese texts of collections, shared by the API answers and the screens. */
export const COBRANCA_MSG = {
  acordoCriado: 'Acordo efetivado! Os boletos foram enviados para remoção.',
  simulacaoDivergente:
    'Os valores da simulação não conferem com os calculados pelo servidor. Refaça a simulação e confira os valores antes de efetivar.',
  boletoIndisponivel: (protocolo: string, situacao: string) => `O boleto ${protocolo} não está mais pendente (${situacao}). Refaça a simulação.`,
  boletoDeOutraPessoa: 'Um ou mais boletos não pertencem a esta pessoa.',
  boletoEmAcordo: 'Um ou mais boletos já fazem parte de outro acordo.',
  parcelaBaixada: 'Parcela baixada com sucesso!',
  parcelaNaoAberta: (situacao: string) => `Esta parcela não está em aberto (${situacao}).`,
  acordoNaoVigente: (status: string) => `Operação não permitida: o acordo está ${status}.`,
  acordoCancelado: 'Acordo cancelado. Os boletos voltaram a ser cobrados do devedor.',
  acordoJaCancelado: 'Este acordo já está CANCELADO.',
  acordoQuitado: 'Um acordo QUITADO não pode ser cancelado.',
  acordoNaoEncontrado: 'Acordo não encontrado.',
  parcelaNaoEncontrada: 'Parcela não encontrada.',
  pessoaNaoEncontrada: 'Pessoa não encontrada.',
  agendamentoCriado: 'Agendamento registrado!',
  agendamentoConcluido: 'Agendamento marcado como realizado!',
  agendamentoJaRealizado: 'Este agendamento já foi marcado como realizado.',
  agendamentoNaoEncontrado: 'Agendamento não encontrado.',
  spcAvisoEnviado: (inclusaoEm: string) =>
    `Aviso prévio enviado ao devedor. Se o débito continuar em aberto, o boleto será incluído no SPC em ${inclusaoEm}.`,
  spcJaIncluido: 'Este boleto já está incluído no SPC.',
  spcAvisoEmCurso: (inclusaoEm: string) => `O aviso prévio deste boleto já foi enviado; a inclusão no SPC está prevista para ${inclusaoEm}.`,
  spcBoletoNaoVencido: 'Só é possível incluir no SPC um boleto vencido e em aberto.',
  spcBoletoEmAcordo: 'Este boleto faz parte de um acordo vigente e não pode ser incluído no SPC.',
  spcSemTelefone:
    'Não é possível incluir no SPC sem o aviso prévio ao devedor (CDC art. 43, § 2º): cadastre um telefone para a pessoa.',
  boletoNaoEncontrado: 'Boleto não encontrado.',
  mesInvalido: 'Informe um mês válido (mm/aaaa).',
  somenteAdministrador: 'A cobrança é restrita aos administradores.',
} as const;
