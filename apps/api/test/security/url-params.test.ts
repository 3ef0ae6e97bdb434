/**
 * No CPF/CNPJ, password or token in a URL (docs/security.md, ASVS V14.2.1): URLs end up in logs,
 * browser history, proxies and Referer headers. Walks every contract of the domain and fails on a
 * path or query parameter whose name suggests a document or a secret, unless allow-listed below
 * with the reason. Such a value goes in a POST body instead (consultaDocumento, getByCpfCnpj).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '@bg/domain';
import { pathParamNames, type ContractDefinition } from '@bg/domain';

const SENSITIVE = /cpf|cnpj|documento|document|\bdoc\b|rg\b|token|senha|password|secret|\bsig\b|signature|assinatura_token|email|telefone|phone|cartao|card/i;

/** `METHOD path param` allowed to carry a sensitive-looking value, and why. */
const ALLOWED: Record<string, string> = {
  'GET /api/boleto/getComprovante/:token token': 'public receipt link sent to the customer: the unguessable token is the credential (spec §2)',
  'GET /api/assinatura/:token token': 'public signing link sent by WhatsApp/e-mail: 256-bit token, expires, stored as SHA-256',
  'GET /api/assinatura/:token/documento token': 'the signing page\u2019s PDF, same token',
  'POST /api/assinatura/:token/assinar token': 'the signing page\u2019s action, same token',
  'POST /api/banco/webhook/:id token':
    'the bank calls the URL registered at its portal (issue 26 fixes `?token=`): a per-conta secret, compared in constant time, masked in our logs (request URLs are logged without query strings)',
  'GET /api/arquivo/:id sig': 'signed, expiring (FILE_LINK_TTL) link to one stored file, for <img src>/downloads that cannot send a header',
  'GET /api/mensagem/whatsapp/webhook hub.verify_token':
    "Meta's verification handshake sends it as a query parameter (their protocol, not ours): compared in constant time with WHATSAPP_VERIFY_TOKEN; request URLs are logged without query strings",
  'GET /api/pagador/boleto/:id/pdf sig': "the payer page's PDF link: signed for that person and boleto, expiring in minutes (issue 27), opened by a plain download",
  'GET /api/mensagem/descadastro/:token token': "the e-mails' descadastro link (RFC 8058): HMAC-signed for one message, expiring, names no person; its page posts back to the same address",
  'POST /api/mensagem/descadastro/:token token': "the mail client's one-click List-Unsubscribe-Post and the page's button, same signed token",
};

function allContracts(): ContractDefinition[] {
  return Object.entries(domain)
    .filter(([name, value]) => name.endsWith('Contracts') && value && typeof value === 'object')
    .flatMap(([, group]) => Object.values(group as Record<string, ContractDefinition>))
    .filter((c) => c && typeof c === 'object' && typeof c.path === 'string' && typeof c.method === 'string');
}

/** The query parameter names of a contract, from its schema (as JSON Schema: objects, pipes, unions). */
function queryNames(c: ContractDefinition): string[] {
  if (!c.query) return [];
  const json = z.toJSONSchema(c.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object; anyOf?: { properties?: object }[] };
  return [...new Set([...Object.keys(json.properties ?? {}), ...(json.anyOf ?? []).flatMap((a) => Object.keys(a.properties ?? {}))])];
}

describe('URLs carry no document or secret', () => {
  const contracts = allContracts();

  it('finds the contracts', () => {
    expect(contracts.length).toBeGreaterThan(100);
  });

  it('no path or query parameter named like a CPF/CNPJ, password or token, outside the allow-list', () => {
    const found: string[] = [];
    for (const c of contracts) {
      for (const name of [...pathParamNames(c.path), ...queryNames(c)]) {
        if (SENSITIVE.test(name)) found.push(`${c.method} ${c.path} ${name}`);
      }
    }
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
    // an allow-list entry whose parameter is gone must leave the list
    expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([]);
  });

  it('the document lookups take the document in a POST body', () => {
    expect(domain.garantiaContracts.consultaDocumento.method).toBe('POST');
    expect(domain.garantiaContracts.consultaDocumento).not.toHaveProperty('query');
    expect(domain.boletoAvulsoContracts.getByCpfCnpj.method).toBe('POST');
    expect(domain.boletoAvulsoContracts.getByCpfCnpj).not.toHaveProperty('query');
  });
});
