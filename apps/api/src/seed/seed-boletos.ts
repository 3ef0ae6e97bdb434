import { eq, sql } from 'drizzle-orm';
import { addMonthsClamped, completeCpf, todayInSaoPaulo, type BoletoAction, type ContaCobrancaInput } from '@bg/domain';
import type { DbOrTx } from '../db/client.js';
import { boleto, empresa, pessoa, usuario } from '../db/schema/index.js';
import { boletoExtra } from '../db/schema/boleto-extra.js';
import { createGarantia, createPessoa } from '../factories/garantia.js';
import { changeSituacao } from '../modules/boletos/change-situacao.js';
import { issueBoletosOnRelease } from '../modules/boletos/issue-boletos-on-release.js';
import { newComprovanteToken } from '../modules/boletos/baixar-boleto.js';
import { activeContaCobranca } from '../modules/conta-cobranca/active-conta-cobranca.js';
import { insertContaCobranca } from '../modules/conta-cobranca/insert-conta-cobranca.js';

/** The demo beneficiary: Caixa (104) SIGCB, with a Pix key so slips print as boleto híbrido. */
export const DEMO_CONTA: ContaCobrancaInput = {
  banco: '104',
  agencia: '1234',
  conta: null,
  codigo_beneficiario: '123456',
  carteira: 'RG',
  nome: 'Boleto Garantido Serviços Financeiros Ltda',
  cnpj: '11222333000181',
  cep: '01310100',
  endereco: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  pix_chave: 'financeiro@boletogarantido.com.br',
};

/** Runs right after the foundation, so the garantias seed's releases already get nosso números. */
export async function seedContaCobranca(db: DbOrTx) {
  return (await activeContaCobranca(db)) ?? insertContaCobranca(db, DEMO_CONTA, 'SEED', null);
}

/** Each instalment of the showcase guarantee walks to one situação of DOMAIN.md. */
const PATHS: BoletoAction[][] = [
  ['remessa', 'confirmarEntrada', 'liquidar'], // LIQUIDADO (paid at the bank, overdue date)
  ['remessa', 'confirmarEntrada'], // GARANTIDO, overdue → receipts and defaulters
  ['remessa', 'confirmarEntrada', 'quitar'], // QUITADO (guarantor paid the shop)
  ['remessa', 'confirmarEntrada', 'baixar', 'confirmarBaixa'], // BAIXADO
  ['remessa', 'confirmarEntrada', 'baixar'], // ENVIADO PARA BAIXA
  ['remessa', 'confirmarEntrada', 'remover', 'confirmarRemocao'], // BAIXADO (REMOVIDO)
  ['remessa', 'confirmarEntrada', 'remover'], // ENVIADO PARA REMOÇÃO
  ['remessa', 'confirmarEntrada', 'cancelar', 'confirmarCancelamento'], // BAIXADO (CANCELADO)
  ['remessa', 'confirmarEntrada', 'cancelar'], // ENVIADO PARA CANCELAMENTO
  ['remessa'], // ENVIADO PARA REGISTRO
  ['cancelar'], // CANCELADO SR
  [], // DISPONÍVEL PARA PAGAMENTO
];

/** Demo boletos in every situação (after the garantias seed), some overdue. */
export async function seedBoletos(db: DbOrTx) {
  await seedContaCobranca(db);
  const [loja] = await db.select().from(empresa).where(eq(empresa.fantasia, 'Loja Demo'));
  const [lojaUser] = await db.select().from(usuario).where(eq(usuario.login, 'loja'));
  const [admin] = await db.select().from(usuario).where(eq(usuario.login, 'admin'));
  if (!loja || !lojaUser) return;
  const actor = { id: admin?.id ?? null, ip: null };
  const today = todayInSaoPaulo();

  const showcasePessoa = await findOrCreate(db, 'Roberto Carlos Mendes', '85294736100');
  const showcase = await createGarantia(db, {
    empresa_id: loja.id,
    usuario_id: lojaUser.id,
    pessoa_id: showcasePessoa,
    status: 'APROVADO',
    libera_boleto: 'S',
    parcelas: PATHS.map((_, i) => 18990 + i * 1000),
    primeiroVencimento: addMonthsClamped(today, -3),
    data: new Date(Date.now() - 100 * 86_400_000),
  });
  await issueBoletosOnRelease(db, showcase.garantia.id, actor);
  for (const [i, path] of PATHS.entries()) {
    const id = showcase.boletos[i].id;
    for (const action of path) await changeSituacao(db, id, action, actor, 'dados de demonstração');
    if (path.includes('baixar')) {
      await db.update(boleto).set({ comprovante_token: newComprovanteToken() }).where(eq(boleto.id, id));
      await db.update(boletoExtra).set({ comprovante_em: sql`now()`, comprovante_por: lojaUser.id }).where(eq(boletoExtra.id, id));
    }
  }

  // Receipts: a customer with GARANTIDO boletos, one overdue, two to come.
  const recebPessoa = await findOrCreate(db, 'Fernanda Lima Costa', '46372819500');
  const receb = await createGarantia(db, {
    empresa_id: loja.id,
    usuario_id: lojaUser.id,
    pessoa_id: recebPessoa,
    status: 'APROVADO',
    libera_boleto: 'S',
    parcelas: [32050, 32050, 32050],
    primeiroVencimento: addMonthsClamped(today, -1),
    data: new Date(Date.now() - 40 * 86_400_000),
  });
  await issueBoletosOnRelease(db, receb.garantia.id, actor);
  for (const b of receb.boletos) for (const action of ['remessa', 'confirmarEntrada'] as const) await changeSituacao(db, b.id, action, actor, 'dados de demonstração');

  // CANCELADO: the boletos of a denied guarantee, never released.
  const negada = await createGarantia(db, {
    empresa_id: loja.id,
    usuario_id: lojaUser.id,
    pessoa_id: await findOrCreate(db, 'Sérgio Nunes Prado', '91827364510'),
    status: 'NÃO AUTORIZADO',
    motivo: 'Baixo escore de crédito',
    observacao: 'Renda incompatível com o valor solicitado.',
    parcelas: [45000, 45000],
  });
  for (const b of negada.boletos) await changeSituacao(db, b.id, 'cancelarNaoLiberado', actor, 'Garantia não autorizada');
}

async function findOrCreate(db: DbOrTx, nome: string, cpfBase: string): Promise<number> {
  const [found] = await db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.nome_razao, nome));
  if (found) return found.id;
  return (await createPessoa(db, { nome_razao: nome, cpf_cnpj: completeCpf(cpfBase.slice(0, 9)) })).id;
}
