/** Interface text from the spec (§5, §8), used by the server and the web forms alike. */
export const MSG = {
  required: 'Campo obrigatório',
  documentRequired: 'É obrigatório informar um CPF/CNPJ para consulta',
  documentInvalid: 'Informe um CPF/CNPJ válido!',
  cepInvalid: 'Digite um CEP válido!',
  cepLookupFailedTitle: 'Não conseguimos buscar seu endereço!',
  cepLookupFailedText: 'Por favor, digite um CEP válido!',
  rendaMinima: 'A renda informada não pode ser menor que R$ 300,00',
  loginFailed: 'Ocorreu uma falha na autenticação!',
  /** Ours, not the spec's: any 401 of a dead session, from the server or the web client. */
  sessionExpired: 'Sessão expirada. Entre novamente.',
  /** Ours: a protected call made without any access token (never logged in, or logged out). */
  loginRequired: 'Faça login para continuar.',
  passwordMin: 'A senha deve ter pelo menos 8 caracteres',
  /** Ours (password policy, decision 106): a new password never equals the login. */
  passwordIsLogin: 'A senha não pode ser igual ao login',
  /** Ours (decision 106): the server refuses a password of its common-password list. */
  passwordCommon: 'Esta senha é muito comum e fácil de adivinhar; escolha outra',
  passwordConfirmation: 'A confirmação deve ser igual à nova senha',
  phoneInvalid: 'Informe um telefone válido!',
  emailInvalid: 'Informe um e-mail válido!',
  dateInvalid: 'Informe uma data válida!',
  moneyInvalid: 'Informe um valor válido!',
  /** Ours (decision 107): text with a NUL or a lone UTF-16 surrogate, which PostgreSQL cannot store. */
  textInvalid: 'Texto com caracteres inválidos.',
  ok: 'Tudo Certo!',
  genericError: 'Ops! Ocorreu um erro.',
  maintenanceTitle: 'Funcionalidade em Manutenção!',
  maintenanceText: 'Estamos realizando ajustes nessa funcionalidade e logo mais liberaremos pra você.',
  notFoundTitle: 'Ops! Você se perdeu!',
  notFoundText: 'Esta página não existe',
  sendFailed: 'Ocorreu uma falha no envio das informações!',
  uploadNotConfigured: 'Servidor não configurado!',
} as const;
