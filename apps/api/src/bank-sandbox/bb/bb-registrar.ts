import { randomUUID } from 'node:crypto';
import {
  buildBoleto,
  buildPixBrCode,
  dayInSaoPaulo,
  parseBbDate,
  toCents,
  type BbRegistroBodyParsed,
  type IsoDate,
} from '@bg/domain';
import { NUMERO_CONTRATO_SANDBOX, type BbTituloSandbox } from './bb-titulo.js';

const hundredthsOf = (n: number | undefined) => (n === undefined ? 0 : toCents(n));

/** The printable lines BB computes for a convênio of 7 digits (campo livre "000000" + nosso número + carteira). */
export function bbLinhas(t: { numero: string; carteira: number; dataVencimento: IsoDate; valorAtualCents: number }) {
  const built = buildBoleto({
    bank: '001',
    beneficiaryCode: t.numero.slice(3, 10),
    wallet: String(t.carteira).padStart(2, '0'),
    ourNumber: t.numero.slice(10),
    amountCents: t.valorAtualCents,
    dueDate: t.dataVencimento,
  });
  return { linhaDigitavel: built.digitableLine.replace(/\D/g, ''), codigoBarraNumerico: built.barcode };
}

/** A boleto BB would register from a body that passed the documented rules. */
export function novoTitulo(b: BbRegistroBodyParsed, now: Date): BbTituloSandbox {
  const dataVencimento = parseBbDate(b.dataVencimento) as IsoDate;
  const valorCents = toCents(b.valorOriginal);
  const numero = b.numeroTituloCliente;
  const lines = bbLinhas({ numero, carteira: b.numeroCarteira, dataVencimento, valorAtualCents: valorCents });
  const pix = b.indicadorPix === 'S';
  const qrUrl = `qrcodepix-h.bb.com.br/pix/v2/cobv/${randomUUID()}`;
  const cpf = b.pagador.tipoInscricao === 1;
  return {
    numero,
    numeroConvenio: b.numeroConvenio,
    carteira: b.numeroCarteira,
    variacao: b.numeroVariacaoCarteira,
    codigoModalidade: b.codigoModalidade,
    codigoTipoTitulo: b.codigoTipoTitulo,
    codigoAceite: b.codigoAceite ?? 'N',
    seuNumero: b.numeroTituloBeneficiario ?? null,
    dataEmissao: parseBbDate(b.dataEmissao) as IsoDate,
    dataVencimento,
    valorOriginalCents: valorCents,
    valorAtualCents: valorCents,
    jurosMora: { tipo: b.jurosMora?.tipo ?? 0, porcentagemCentesimos: hundredthsOf(b.jurosMora?.porcentagem), valorCents: hundredthsOf(b.jurosMora?.valor) },
    multa: {
      tipo: b.multa?.tipo ?? 0,
      data: b.multa?.data ? parseBbDate(b.multa.data) : null,
      porcentagemCentesimos: hundredthsOf(b.multa?.porcentagem),
      valorCents: hundredthsOf(b.multa?.valor),
    },
    pagador: {
      tipoInscricao: b.pagador.tipoInscricao,
      numeroInscricao: String(b.pagador.numeroInscricao).padStart(cpf ? 11 : 14, '0'),
      nome: b.pagador.nome,
      endereco: b.pagador.endereco ?? '',
      cep: b.pagador.cep === undefined ? '' : String(b.pagador.cep).padStart(8, '0'),
      cidade: b.pagador.cidade ?? '',
      bairro: b.pagador.bairro ?? '',
      uf: b.pagador.uf ?? '',
    },
    registradoEm: now.toISOString(),
    dataRegistro: dayInSaoPaulo(now),
    codigoEstado: 1,
    dataMovimento: dayInSaoPaulo(now),
    ...lines,
    qrCode: pix
      ? {
          url: qrUrl,
          txId: `BB${numero}`,
          emv: buildPixBrCode({ url: qrUrl, name: 'BENEFICIARIO SANDBOX BB', city: 'BRASILIA', amountCents: valorCents }),
        }
      : null,
    pagamento: null,
    baixadoEm: null,
    alteracoes: [],
    webhooks: [],
  };
}

/** The 201 body of POST /boletos (RespostaRegistroBoletos). */
export function registroRespostaJson(t: BbTituloSandbox): Record<string, unknown> {
  return {
    numero: t.numero,
    numeroCarteira: t.carteira,
    numeroVariacaoCarteira: t.variacao,
    codigoCliente: 704950124,
    linhaDigitavel: t.linhaDigitavel,
    codigoBarraNumerico: t.codigoBarraNumerico,
    numeroContratoCobranca: NUMERO_CONTRATO_SANDBOX,
    beneficiario: { agencia: 452, contaCorrente: 123873, tipoEndereco: 1, logradouro: '', bairro: '', cidade: '', codigoCidade: 0, uf: '', cep: 0, indicadorComprovacao: '' },
    qrCode: t.qrCode ?? { url: '', txId: '', emv: '' },
    observacao: '',
  };
}
