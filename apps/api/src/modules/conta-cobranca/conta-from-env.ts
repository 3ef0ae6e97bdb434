import { contaCobrancaSchema, type ContaCobrancaInput } from '@bg/domain';

/**
 * The alternative to the admin screen: the bank account from environment variables (docs/boletos.md
 * has the table). Nothing set → null. Set but invalid → an Error naming the variables, so a
 * misconfigured server says so instead of issuing slips for a wrong account.
 */
export const CONTA_ENV = {
  banco: 'BOLETO_BANCO',
  agencia: 'BOLETO_AGENCIA',
  conta: 'BOLETO_CONTA',
  codigo_beneficiario: 'BOLETO_BENEFICIARIO',
  carteira: 'BOLETO_CARTEIRA',
  nome: 'BOLETO_NOME',
  cnpj: 'BOLETO_CNPJ',
  cep: 'BOLETO_CEP',
  endereco: 'BOLETO_ENDERECO',
  numero: 'BOLETO_NUMERO',
  bairro: 'BOLETO_BAIRRO',
  cidade: 'BOLETO_CIDADE',
  uf: 'BOLETO_UF',
  pix_chave: 'BOLETO_PIX_CHAVE',
} as const;

export function contaFromEnv(env: NodeJS.ProcessEnv = process.env): ContaCobrancaInput | null {
  if (!env[CONTA_ENV.banco]) return null;
  const raw = Object.fromEntries(Object.entries(CONTA_ENV).map(([field, name]) => [field, env[name] ?? '']));
  const parsed = contaCobrancaSchema.safeParse(raw);
  if (!parsed.success) {
    const wrong = parsed.error.issues.map((i) => `${CONTA_ENV[i.path[0] as keyof typeof CONTA_ENV] ?? String(i.path[0])}: ${i.message}`);
    throw new Error(`Conta de cobrança das variáveis de ambiente inválida — ${wrong.join('; ')}`);
  }
  return parsed.data;
}
