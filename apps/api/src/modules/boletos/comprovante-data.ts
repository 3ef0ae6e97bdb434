import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatDateTimeBR, formatProtocol, toCents } from '@bg/domain';
import type { Db } from '../../db/client.js';
import { boleto, contaCobranca, empresa, garantia, pessoa, usuario } from '../../db/schema/index.js';
import { boletoX } from '../../db/schema/boleto-extra.js';
import { notFound } from '../../errors/app-error.js';
import type { ComprovanteData } from '../../pdf/comprovante.js';
import { withBoletoContext } from './boleto-row.js';
import { contaBankColumns, nossoNumeroFormatado } from './number-boletos.js';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * GET /api/boleto/getComprovante/{token} (public): the receipt of a boleto received by the shop.
 * The 256-bit token is the only key; a malformed or unknown token answers the same 404.
 */
export async function comprovanteData(db: Db, token: string): Promise<ComprovanteData> {
  if (!TOKEN.test(token)) throw notFound('Comprovante');
  // only what the receipt prints: the page is public, so nothing else is even read
  const select = db.select({
    b: { situacao: boleto.situacao, parcela: boleto.parcela, vencimento: boleto.vencimento, valor: boleto.valor, nosso_numero: boleto.nosso_numero, linha_digitavel: boleto.linha_digitavel },
    x: { comprovante_em: boletoX.comprovante_em },
    g: { id: garantia.id, digito: garantia.digito, qtd_titulo: garantia.qtd_titulo },
    p: { nome_razao: pessoa.nome_razao, cpf_cnpj: pessoa.cpf_cnpj },
    e: { fantasia: empresa.fantasia, cnpj: empresa.cnpj },
    por: usuario.name,
    // not printed: formats the nosso número as the slip does
    conta: contaBankColumns,
  });
  const [r] = await withBoletoContext(select.from(boleto).$dynamic())
    .innerJoin(boletoX, eq(boletoX.id, boleto.id))
    .leftJoin(usuario, eq(usuario.id, boletoX.comprovante_por))
    .leftJoin(contaCobranca, eq(contaCobranca.id, boletoX.conta_cobranca_id))
    .where(eq(boleto.comprovante_token, token));
  if (!r) throw notFound('Comprovante');
  return {
    // a digest, so the printed code proves authenticity without being the link's key itself
    codigo: createHash('sha256').update(token).digest('hex').slice(0, 20).toUpperCase().replace(/(.{5})(?=.)/g, '$1-'),
    situacao: r.b.situacao ?? '',
    recebidoEm: r.x.comprovante_em ? formatDateTimeBR(r.x.comprovante_em) : '—',
    recebidoPor: r.por,
    loja: r.e.fantasia,
    lojaCnpj: r.e.cnpj,
    cliente: r.p.nome_razao,
    cpfCnpj: r.p.cpf_cnpj,
    protocolo: formatProtocol(r.g.id, r.g.digito),
    parcela: `${r.b.parcela}/${r.g.qtd_titulo}`,
    vencimento: r.b.vencimento,
    valorCents: toCents(r.b.valor),
    nossoNumero: nossoNumeroFormatado(r.conta, r.b.nosso_numero),
    linhaDigitavel: r.b.linha_digitavel,
  };
}
