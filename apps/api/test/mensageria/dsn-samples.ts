/**
 * Delivery status notifications as real mail servers write them, for the DSN reader's unit test and
 * the bounce listener's integration test. Origin:
 * - `rfc3464Simple` and `rfc3464MultiRecipient`: RFC 3464 Appendix B (B.1 "Simple DSN", B.2 "Multi-
 *   Recipient DSN"), https://www.rfc-editor.org/rfc/rfc3464#appendix-B — copied without the RFC's
 *   three-space page indent;
 * - `postfixBounce` and `delayed`: the shape Postfix's bounce(8) writes (a text/plain part, the
 *   message/delivery-status with X-Postfix-Queue-ID, Arrival-Date, Remote-MTA, then the returned
 *   headers as text/rfc822-headers), https://www.postfix.org/bounce.8.html and RFC 3464 §2;
 * - `gmailBounce`: the fields Gmail's mailer-daemon puts in its report (Reporting-MTA dns;
 *   googlemail.com, X-Original-Message-ID, a Diagnostic-Code folded over lines, base64-free 7bit),
 *   written from RFC 3464's grammar with Google's published 550-5.1.1 wording
 *   (https://support.google.com/a/answer/3726730).
 * The recipient, the VERP address (To) and the status are parameters.
 */
export const rfc3464Simple = `Date: Thu, 7 Jul 1994 17:16:05 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@CS.UTK.EDU>
Message-Id: <199407072116.RAA14128@CS.UTK.EDU>
Subject: Returned mail: Cannot send message for 5 days
To: <owner-info-mime@cs.utk.edu>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
    boundary="RAA14128.773615765/CS.UTK.EDU"

--RAA14128.773615765/CS.UTK.EDU

The original message was received at Sat, 2 Jul 1994 17:10:28 -0400
from root@localhost

   ----- The following addresses had delivery problems -----
<louisl@larry.slip.umd.edu>  (unrecoverable error)

   ----- Transcript of session follows -----
<louisl@larry.slip.umd.edu>... Deferred: Connection timed out
with larry.slip.umd.edu.
Message could not be delivered for 5 days
Message will be deleted from queue

--RAA14128.773615765/CS.UTK.EDU
content-type: message/delivery-status

Reporting-MTA: dns; cs.utk.edu

Original-Recipient: rfc822;louisl@larry.slip.umd.edu
Final-Recipient: rfc822;louisl@larry.slip.umd.edu
Action: failed
Status: 4.0.0
Diagnostic-Code: smtp; 426 connection timed out
Last-Attempt-Date: Thu, 7 Jul 1994 17:15:49 -0400

--RAA14128.773615765/CS.UTK.EDU
content-type: message/rfc822

[original message goes here]
--RAA14128.773615765/CS.UTK.EDU--
`;

export const rfc3464MultiRecipient = `Date: Fri, 8 Jul 1994 09:21:47 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@CS.UTK.EDU>
Subject: Returned mail: User unknown
To: <owner-ietf-mx@cs.utk.edu>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
     boundary="JAA13167.773673707/CS.UTK.EDU"

--JAA13167.773673707/CS.UTK.EDU
content-type: text/plain; charset=us-ascii

   ----- The following addresses had delivery problems -----
<arathib@vnet.ibm.com>  (unrecoverable error)
<wsnell@sdcc13.ucsd.edu>  (unrecoverable error)

--JAA13167.773673707/CS.UTK.EDU
content-type: message/delivery-status

Reporting-MTA: dns; cs.utk.edu

Original-Recipient: rfc822;arathib@vnet.ibm.com
Final-Recipient: rfc822;arathib@vnet.ibm.com
Action: failed
Status: 5.0.0 (permanent failure)
Diagnostic-Code: smtp; 550 'arathib@vnet.IBM.COM' is not a
  registered gateway user
Remote-MTA: dns; vnet.ibm.com

Original-Recipient: rfc822;johnh@hpnjld.njd.hp.com
Final-Recipient: rfc822;johnh@hpnjld.njd.hp.com
Action: delayed
Status: 4.0.0 (hpnjld.njd.jp.com: host name lookup failure)

Original-Recipient: rfc822;wsnell@sdcc13.ucsd.edu
Final-Recipient: rfc822;wsnell@sdcc13.ucsd.edu
Action: failed
Status: 5.0.0
Diagnostic-Code: smtp; 550 user unknown
Remote-MTA: dns; sdcc13.ucsd.edu

--JAA13167.773673707/CS.UTK.EDU
content-type: message/rfc822

[original message goes here]
--JAA13167.773673707/CS.UTK.EDU--
`;

type Bounce = { verp: string; recipient: string; messageId: string; status?: string; diagnostic?: string };

export const postfixBounce = ({ verp, recipient, messageId, status = '5.1.1', diagnostic = '550 5.1.1 <RCPT>: Recipient address rejected: User unknown in virtual mailbox table' }: Bounce) =>
  `Return-Path: <>
Date: Fri, 27 Nov 2026 19:02:11 -0300 (BRT)
From: MAILER-DAEMON@mx.destino.example (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${verp}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="3F1A2C0B7D.1796421731/mx.destino.example"
Message-Id: <20261127220211.9E1B2C0B7E@mx.destino.example>

This is a MIME-encapsulated message.

--3F1A2C0B7D.1796421731/mx.destino.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.destino.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--3F1A2C0B7D.1796421731/mx.destino.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.destino.example
X-Postfix-Queue-ID: 3F1A2C0B7D
X-Postfix-Sender: rfc822; ${verp}
Arrival-Date: Fri, 27 Nov 2026 19:02:10 -0300 (BRT)

Final-Recipient: rfc822; ${recipient}
Original-Recipient: rfc822;${recipient}
Action: failed
Status: ${status}
Remote-MTA: dns; caixa.destino.example
Diagnostic-Code: smtp; ${diagnostic.replace('RCPT', recipient)}

--3F1A2C0B7D.1796421731/mx.destino.example
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Message-ID: ${messageId}
Subject: Seu boleto

--3F1A2C0B7D.1796421731/mx.destino.example--
`.replace(/\n/g, '\r\n');

export const delayed = ({ verp, recipient, messageId }: Bounce) =>
  `From: MAILER-DAEMON@mx.destino.example (Mail Delivery System)
Subject: Delayed Mail (still being retried)
To: ${verp}
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="atraso-1"

--atraso-1
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.destino.example. Delivery is delayed.

--atraso-1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.destino.example
Arrival-Date: Fri, 27 Nov 2026 19:02:10 -0300 (BRT)

Final-Recipient: rfc822; ${recipient}
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to caixa.destino.example[192.0.2.25]:25: Connection timed out
Will-Retry-Until: Fri, 4 Dec 2026 19:02:10 -0300 (BRT)

--atraso-1
Content-Type: text/rfc822-headers

Message-ID: ${messageId}

--atraso-1--
`.replace(/\n/g, '\r\n');

export const gmailBounce = ({ verp, recipient, messageId }: Bounce) =>
  `Received: by 2002:a05:6a10:1234 with SMTP id x1csp1;
        Fri, 27 Nov 2026 14:02:12 -0800 (PST)
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${verp}
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Failure)
References: ${messageId}
In-Reply-To: ${messageId}
X-Failed-Recipients: ${recipient}
Content-Type: multipart/report; boundary="000000000000f1e2d3c4b5a69788"; report-type=delivery-status
MIME-Version: 1.0

--000000000000f1e2d3c4b5a69788
Content-Type: multipart/related; boundary="000000000000f1e2d3c4b5a69789"

--000000000000f1e2d3c4b5a69789
Content-Type: multipart/alternative; boundary="000000000000f1e2d3c4b5a6978a"

--000000000000f1e2d3c4b5a6978a
Content-Type: text/plain; charset="UTF-8"

Address not found
Your message wasn't delivered to ${recipient} because the address couldn't be found.

--000000000000f1e2d3c4b5a6978a--
--000000000000f1e2d3c4b5a69789--
--000000000000f1e2d3c4b5a69788
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; smtp.bg.test
Arrival-Date: Fri, 27 Nov 2026 14:02:11 -0800 (PST)
X-Original-Message-ID: ${messageId}

Final-Recipient: rfc822; ${recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. (2607:f8b0:4023:c0b::1b, the
 server for the domain gmail.com.)
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does
 not exist. Please try double-checking the recipient's email address for typos or
 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser
Last-Attempt-Date: Fri, 27 Nov 2026 14:02:12 -0800 (PST)

--000000000000f1e2d3c4b5a69788
Content-Type: message/rfc822

Message-ID: ${messageId}
Subject: Seu boleto

(corpo)
--000000000000f1e2d3c4b5a69788--
`.replace(/\n/g, '\r\n');
