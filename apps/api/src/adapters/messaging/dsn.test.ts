import { describe, expect, it } from 'vitest';
import { delayed, gmailBounce, postfixBounce, rfc3464MultiRecipient, rfc3464Simple } from '../../../test/mensageria/dsn-samples.js';
import { falhaPermanente, parseDsn } from './dsn.js';

const who = { verp: 'bounces+7.00112233445566778899@bounces.bg.test', recipient: 'maria@destino.example', messageId: '<mensagem-7@bg.test>' };

describe('parseDsn (RFC 3464)', () => {
  it('reads RFC 3464 B.1: one recipient, failed with a 4.0.0 after 5 days (not permanent)', () => {
    const dsn = parseDsn(rfc3464Simple);
    expect(dsn).toEqual({
      reportingMta: 'cs.utk.edu',
      recipients: [{ finalRecipient: 'louisl@larry.slip.umd.edu', action: 'failed', status: '4.0.0', diagnosticCode: '426 connection timed out', remoteMta: null }],
    });
    expect(falhaPermanente(dsn!.recipients[0])).toBe(false);
  });

  it('reads RFC 3464 B.2: three recipients, a folded Diagnostic-Code, a comment after the status', () => {
    const dsn = parseDsn(rfc3464MultiRecipient)!;
    expect(dsn.recipients.map((r) => [r.finalRecipient, r.action, r.status])).toEqual([
      ['arathib@vnet.ibm.com', 'failed', '5.0.0'],
      ['johnh@hpnjld.njd.hp.com', 'delayed', '4.0.0'],
      ['wsnell@sdcc13.ucsd.edu', 'failed', '5.0.0'],
    ]);
    expect(dsn.recipients[0].diagnosticCode).toBe("550 'arathib@vnet.IBM.COM' is not a registered gateway user");
    expect(dsn.recipients.map(falhaPermanente)).toEqual([true, false, true]);
  });

  it("reads Postfix's bounce (CRLF, tab-folded Content-Type)", () => {
    const dsn = parseDsn(postfixBounce(who))!;
    expect(dsn.reportingMta).toBe('mx.destino.example');
    expect(dsn.recipients).toEqual([
      {
        finalRecipient: 'maria@destino.example',
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: '550 5.1.1 <maria@destino.example>: Recipient address rejected: User unknown in virtual mailbox table',
        remoteMta: 'caixa.destino.example',
      },
    ]);
  });

  it("reads Gmail's report, its delivery-status after a nested multipart/related", () => {
    const r = parseDsn(gmailBounce(who))!.recipients[0];
    expect(r).toMatchObject({ finalRecipient: 'maria@destino.example', action: 'failed', status: '5.1.1' });
    expect(r.diagnosticCode).toMatch(/^550-5\.1\.1 The email account that you tried to reach does not exist\. .*NoSuchUser$/);
  });

  it('a delayed notice is a soft bounce', () => {
    const r = parseDsn(delayed(who))!.recipients[0];
    expect(r).toMatchObject({ action: 'delayed', status: '4.4.1' });
    expect(falhaPermanente(r)).toBe(false);
  });

  it('anything that is not a DSN is null, never a throw', () => {
    expect(parseDsn('')).toBeNull();
    expect(parseDsn('Subject: oi\r\n\r\nsó um e-mail')).toBeNull();
    expect(parseDsn(Buffer.from([0, 255, 13, 10, 13, 10, 1, 2, 3]))).toBeNull();
    expect(parseDsn('Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; a\r\n\r\n--x--')).toBeNull();
    // a boundary that never closes, nested deeper than we look
    const deep = Array.from({ length: 50 }, (_, i) => `Content-Type: multipart/mixed; boundary=b${i}\r\n\r\n--b${i}\r\n`).join('');
    expect(parseDsn(deep)).toBeNull();
  });
});
