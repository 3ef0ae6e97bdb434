/** The payer page's query keys (decision 102). */
export const pagadorKeys = {
  /** The identification by a message link's code. */
  codigo: (codigo: string | null) => ['pagador-codigo', codigo] as const,
  /** Every listing of the open boletos (one per session). */
  boletos: ['pagador-boletos'] as const,
  boletosDa: (sessao: string | null) => ['pagador-boletos', sessao] as const,
  /** One person's access log (administradores). */
  acessos: (pessoaId: number) => ['pagador-acessos', pessoaId] as const,
  /** The person's automatic credit denials (one per session). */
  negativas: (sessao: string) => ['pagador-negativas', sessao] as const,
};
