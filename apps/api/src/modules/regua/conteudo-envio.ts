import { sql } from 'drizzle-orm';
import { buildPixBrCode, formatDigitableLine, isValidPhone, onlyDigits, toCents, type ReguaVariaveis } from '@bg/domain';
import type { DbOrTx } from '../../db/client.js';
import { buildSlip } from '../boletos/number-boletos.js';
import { credorAtual } from '../cobranca/credor.js';
import { rowsOf } from './regua-sql.js';

/** What a régua message about one boleto says and where it goes (without the payer link, made at send). */
export type ConteudoBoleto = {
  variaveis: Omit<ReguaVariaveis, 'link'>;
  telefone: string | null;
  email: string | null;
};

type Row = {
  boleto_id: number;
  parcela: number;
  valor: string;
  vencimento: string;
  nosso_numero: string | number | null;
  qtd_titulo: number;
  loja: string;
  nome: string;
  banco: string | null;
  agencia: string | null;
  conta: string | null;
  codigo_beneficiario: string | null;
  carteira: string | null;
  conta_nome: string | null;
  conta_cnpj: string | null;
  conta_cidade: string | null;
  pix_chave: string | null;
  banco_linha: string | null;
  banco_pix: string | null;
  telefone: string | null;
  email: string | null;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The content of the régua's messages for these boletos, in one query: the payer's name, the shop,
 * value, due date and instalment; the linha digitável and Pix code as the boleto's PDF prints them
 * (the bank's own when it registered the boleto by API, else our FEBRABAN engine and the conta's
 * Pix key); the creditor — the beneficiário of the boleto's conta de cobrança, as the PDF names it
 * (CDC art. 42-A) —; and the payer's own contacts only (never the references: no third parties,
 * CDC art. 42): the phone of the shop's view (telefone1, else telefone2, else the administradores'
 * view), and the e-mail the payer gave for the duplicatas' signature (the latest).
 * A boleto whose slip cannot be built is left out of the map (the caller records why).
 */
export async function conteudoDosBoletos(db: DbOrTx, boletoIds: readonly number[]): Promise<Map<number, ConteudoBoleto>> {
  const result = new Map<number, ConteudoBoleto>();
  if (!boletoIds.length) return result;
  const rows = await rowsOf<Row>(
    db,
    sql`select b.id as boleto_id, b.parcela, b.valor, b.vencimento::text as vencimento, b.nosso_numero, g.qtd_titulo, emp.fantasia as loja, p.nome_razao as nome,
          cc.banco, cc.agencia, cc.conta, cc.codigo_beneficiario, cc.carteira, cc.nome as conta_nome, cc.cnpj as conta_cnpj, cc.cidade as conta_cidade, cc.pix_chave,
          br.linha_digitavel as banco_linha, br.pix_emv as banco_pix,
          coalesce(nullif(v.telefone1, ''), nullif(v.telefone2, ''), nullif(va.telefone1, ''), nullif(va.telefone2, '')) as telefone,
          (select a.email from assinatura_solicitacao a join garantia g2 on g2.id = a.garantia_id
            where g2.pessoa_id = g.pessoa_id order by a.created_at desc, a.id desc limit 1) as email
        from boleto b
        join garantia g on g.id = b.garantia_id
        join pessoa p on p.id = g.pessoa_id
        join empresa emp on emp.id = b.empresa_id
        left join conta_cobranca cc on cc.id = b.conta_cobranca_id
        left join banco_registro br on br.boleto_id = b.id
        left join pessoa_visao v on v.pessoa_id = g.pessoa_id and v.empresa_id = g.empresa_id
        left join pessoa_visao va on va.pessoa_id = g.pessoa_id and va.empresa_id is null
        where b.id = any(${`{${boletoIds.join(',')}}`}::int[])`,
  );
  const padrao = rows.some((r) => !r.conta_nome) ? await credorAtual(db) : null;
  for (const r of rows) {
    if (r.nosso_numero === null || !r.banco || !r.agencia || !r.codigo_beneficiario || !r.carteira) continue;
    const cents = toCents(r.valor);
    let built: ReturnType<typeof buildSlip>;
    try {
      built = buildSlip({ banco: r.banco, agencia: r.agencia, conta: r.conta, codigo_beneficiario: r.codigo_beneficiario, carteira: r.carteira }, Number(r.nosso_numero), cents, r.vencimento);
    } catch {
      continue;
    }
    const linha = r.banco_linha && /^\d{47}$/.test(r.banco_linha) ? formatDigitableLine(r.banco_linha) : built.digitableLine;
    const credor = { nome: r.conta_nome ?? padrao?.nome ?? 'Boleto Garantido', cnpj: r.conta_cnpj ?? padrao?.cnpj ?? '' };
    const pix = r.banco_pix ?? pixEstatico(r.pix_chave, credor.nome, r.conta_cidade, cents, built.ourNumberFormatted);
    const tel = r.telefone ? onlyDigits(r.telefone) : null;
    const email = r.email?.trim() ?? null;
    result.set(r.boleto_id, {
      variaveis: { nome: r.nome, loja: r.loja, valorCents: cents, vencimento: r.vencimento, parcela: r.parcela, qtdParcelas: r.qtd_titulo, linhaDigitavel: linha, pix, credor },
      telefone: tel && isValidPhone(tel) ? tel : null,
      email: email && EMAIL.test(email) ? email : null,
    });
  }
  return result;
}

/** The boleto híbrido's Pix as the PDF draws it from the conta's key (pdf/slip.ts pixPayload); null when it cannot be built. */
function pixEstatico(chave: string | null, nome: string, cidade: string | null, cents: number, nossoNumero: string): string | null {
  if (!chave) return null;
  try {
    return buildPixBrCode({ key: chave, name: nome, city: cidade ?? '', amountCents: cents, txid: `BG${nossoNumero.replace(/\D/g, '')}`.slice(0, 25) });
  } catch {
    return null;
  }
}
