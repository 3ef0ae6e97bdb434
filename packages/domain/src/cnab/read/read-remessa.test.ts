import { describe, expect, it } from 'vitest';
import type { CnabAccount, RemessaEntry } from '../cnab-types.js';
import { fixture, readAllRemessa } from '../test-helpers.js';
import { writeRemessa240Lines } from '../write/write-remessa.js';

/**
 * Remessas written by other projects (origins in packages/domain/test/fixtures/README.md).
 * brcobranca's golden BB file is its spec's expected output for known inputs; we read those
 * inputs back, and check that our BB writer, given the same inputs, writes the same data fields.
 */
const GOLDEN = fixture('cnab240-remessa-001-bb-brcobranca-golden.rem');

describe('Banco do Brasil golden remessa (brcobranca spec/fixtures/remessa/remessa-banco_brasil-cnab240.rem)', () => {
  it('reads the inputs of brcobranca spec remessa/cnab240/banco_brasil_spec.rb', async () => {
    const { items, warnings, header } = await readAllRemessa(GOLDEN);
    expect(warnings).toEqual([]);
    // Timecop.freeze(2015-07-14 16:15:15); documento_cedente 12345678901; agência 1234 (DV 3), conta 12345 (DV 5)
    expect(header).toMatchObject({
      bank: '001', kind: 'remessa', generatedOn: '2015-07-14', generatedTime: '16:15:15', companyDocument: '00012345678901',
      companyName: 'SOCIEDADE BRASILEIRA DE ZOOLOG', agency: '01234', agencyDv: '3', account: '000000012345', accountDv: '5',
      beneficiaryCode: '1234567', layoutVersion: '083',
    });
    expect(items).toHaveLength(1);
    // valor 199.9, data_vencimento today (frozen), nosso_numero 123 with convênio 1234567, documento 6969
    expect(items[0]).toMatchObject({
      kind: 'entrada', movement: '01', ourNumber: '123', bankOurNumber: '12345670000000123', documentNumber: '000000000006969',
      dueDate: '2015-07-14', issueDate: '2015-07-14', amountCents: 19_990, fine: null, interest: null,
    });
    // the shared cnab240 example expects these Q positions for the payer
    expect(items[0].payer).toEqual({
      document: '12345678901', name: 'PABLO DIEGO JOSE FRANCISCO DE PAULA JUAN', address: 'RUA RIO GRANDE DO SUL SAO PAULO MINAS CA',
      district: 'SAO JOSE DOS QU', cep: '12345678', city: 'SANTA RITA DE C', uf: 'SP',
    });
  });

  it('is what our BB profile writes for the same inputs, on every data field', () => {
    const account: CnabAccount = {
      bank: '001', agency: '1234', account: '12345', beneficiaryCode: '1234567', wallet: '12', walletVariation: '123',
      beneficiaryName: 'SOCIEDADE BRASILEIRA DE ZOOLOGIA LTDA', beneficiaryDocument: '12345678901',
    };
    const entry: RemessaEntry = {
      kind: 'entrada', ourNumber: 123, documentNumber: '000000000006969', dueDate: '2015-07-14', issueDate: '2015-07-14', amountCents: 19_990,
      payer: {
        document: '12345678901',
        name: 'PABLO DIEGO JOSÉ FRANCISCO DE PAULA JUAN NEPOMUCENO MARÍA DE LOS REMEDIOS CIPRIANO DE LA SANTÍSSIMA TRINIDAD RUIZ Y PICASSO',
        address: 'RUA RIO GRANDE DO SUL São paulo Minas caçapa da silva junior',
        district: 'São josé dos quatro apostolos magros', cep: '12345678', city: 'Santa rita de cássia maria da silva', uf: 'SP',
      },
    };
    const ours = [...writeRemessa240Lines({ account, fileNumber: 0, generatedAt: new Date('2015-07-14T19:15:15Z'), entries: [entry] })];
    const theirs = GOLDEN.toString('latin1').split('\n');
    const range = (line: string, from: number, to: number) => line.slice(from - 1, to);
    // file header: all but the bank's name (ours "S.A.") and the reserved 172-211 (zeros there, blanks here)
    expect(range(ours[0], 1, 102) + range(ours[0], 133, 171)).toBe(range(theirs[0], 1, 102) + range(theirs[0], 133, 171));
    expect(ours[1]).toBe(theirs[1]); // lot header, byte for byte
    // segment P: identification, account, nosso número, due date, value, dates, juros, descontos…
    for (const [from, to] of [[1, 57], [78, 195], [221, 223], [225, 240]]) expect(range(ours[2], from, to)).toBe(range(theirs[2], from, to));
    // Differences that are choices, not data: carteira code (58; BB wants 7 only for carteira 17),
    // tipo de documento/emissão/distribuição (60-62: ours say the beneficiary prints and delivers),
    // uso da empresa (196-220: ours left-aligned) and código de baixa (224).
    expect(ours[3]).toBe(theirs[3]); // segment Q, byte for byte: same cuts, same accent removal
  });
});

describe('CrediSIS 097 remessa, read with the FEBRABAN tables', () => {
  it('reads P, Q and R and skips segments S and Y (values by hand, no upstream assertion found)', async () => {
    const { items, header } = await readAllRemessa(fixture('cnab240-remessa-097-credisis-bankmodel.txt'));
    expect(header).toMatchObject({ bank: '097', companyName: 'MONICA SOARES DOS SANTOS', generatedOn: '2017-05-29', fileNumber: 5, layoutVersion: '101' });
    expect(items).toEqual([{
      line: 3, bank: '097', movement: '01', kind: 'entrada', ourNumber: '09710002009871000138', bankOurNumber: '09710002009871000138',
      documentNumber: 'BOLETO TEST/COB', dueDate: '2017-07-29', amountCents: 5_500_000, issueDate: '2017-05-29',
      payer: { document: '99806940253', name: 'WAGNER DOS SANTOS SILVA', address: 'RUA JULIO GUERRA 356', district: 'CENTRO', cep: '76900034', city: 'JI-PARANA', uf: 'RO' },
      fine: { type: 'amount', cents: 1_000_000, date: '2017-08-07' },
      interest: { type: 'per_day', cents: 500_000, date: '2017-08-07' },
    }]);
  });

  it('warns that its trailers count 6 and 8 records where the file has 8 and 10', async () => {
    const { warnings } = await readAllRemessa(fixture('cnab240-remessa-097-credisis-bankmodel.txt'));
    expect(warnings).toEqual([
      { code: 'CONTAGEM_DIVERGENTE', line: 9, message: 'Linha 9: o trailer informa 6 registros no lote, foram lidos 8.' },
      { code: 'CONTAGEM_DIVERGENTE', line: 10, message: 'Linha 10: o trailer informa 8 registros no arquivo, foram lidos 10.' },
    ]);
  });
});
