import { describe, expect, it } from 'vitest';
import type { CnabFileHeader, CnabWarning, RetornoTitle } from '../cnab-types.js';
import { fixture400 } from '../test-helpers.js';
import { detectCnabLayout, readRetorno } from '../read/read-retorno-any.js';

async function readAll(bytes: Uint8Array) {
  const warnings: CnabWarning[] = [];
  let header: CnabFileHeader | null = null;
  const items: RetornoTitle[] = [];
  for await (const t of readRetorno([bytes], { onWarning: (w) => warnings.push(w), onHeader: (h) => (header = h) })) items.push(t);
  return { items, warnings, header: header as CnabFileHeader | null };
}

describe('Bradesco 237 CNAB 400 retorno (brcobranca spec/arquivos/CNAB400BRADESCO.RET)', async () => {
  const bytes = fixture400('cnab400-retorno-237-bradesco-brcobranca.ret');
  const { items, warnings, header } = await readAll(bytes);

  it('is detected as CNAB 400 of bank 237; 6 titles (brcobranca\'s 7 include the trailer)', () => {
    expect(detectCnabLayout(bytes.subarray(0, 400).toString('latin1')).bank).toBe('237');
    expect(header).toMatchObject({ bank: '237', kind: 'retorno', generatedOn: '2015-05-15', beneficiaryCode: '4540691' });
    expect(items).toHaveLength(6);
    expect(warnings).toEqual([]);
  });

  it('reads the first title as brcobranca asserts it', () => {
    const t = items[0];
    expect(t.line).toBe(2); // sequencial '000002'
    expect(t.ourNumber).toBe('000000000303'); // nosso_numero
    expect(t.ourNumberSequence).toBe('30'); // 11 digits without the DV
    expect(t.dueDate).toBe('2015-05-25'); // data_vencimento 250515
    expect(t.amountCents).toBe(145_000); // valor_titulo
    expect(t.collectingBank).toBe('237'); // banco_recebedor
    expect(t.collectingAgency).toBe('04157'); // agencia_recebedora_com_dv
    expect(t.feeCents).toBe(160); // valor_tarifa
    expect([t.iofCents, t.rebateCents, t.discountCents, t.interestCents, t.otherCreditsCents]).toEqual([0, 0, 0, 0, 0]);
    expect(t.paidCents).toBe(145_000); // valor_recebido (254-266, "valor pago")
    expect(t.netCents).toBe(144_840); // derived: paid − fee
    expect(t.movement).toBe('02'); // codigo_ocorrencia
    expect(t.category).toBe('entrada');
    expect(t.occurrenceDate).toBe('2015-05-15'); // data_ocorrencia
    expect(t.creditDate).toBe('2015-05-15'); // data_credito
    expect(t.reasons).toEqual([]); // motivo_ocorrencia [] ("00" = ocorrência aceita)
  });
});

describe('Bradesco 237 CNAB 400 retorno (laravel-boleto tests/Retorno/files/cnab400/bradesco.ret)', async () => {
  const { items, warnings, header } = await readAll(fixture400('cnab400-retorno-237-bradesco-laravel-boleto.ret'));

  it('reads bank 237 and the 6 liquidações laravel-boleto counts', () => {
    expect(header?.bank).toBe('237'); // getCodigoBanco() 237
    expect(items.filter((t) => t.category === 'liquidacao')).toHaveLength(6); // quantidadeLiquidados 6
    expect(items.every((t) => typeof t.documentNumber === 'string')).toBe(true);
    expect(warnings).toEqual([]);
  });
});
