import { BlockList, isIP } from 'node:net';
import { CHAVE_MSG } from '@bg/domain';
import { invalid } from '../../../errors/app-error.js';

/**
 * A key's IP allow-list (decision 117): addresses and CIDR blocks, IPv4 and IPv6. The domain's
 * `isIpOrCidr` checks the form; here node:net checks again and matches (an IPv4 client seen as
 * `::ffff:203.0.113.10` by a dual-stack server is its IPv4 address).
 */
function parse(entry: string): { address: string; bits: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address, bitsText] = entry.split('/');
  const kind = isIP(address);
  if (!kind) return null;
  const family = kind === 4 ? 'ipv4' : 'ipv6';
  if (bitsText === undefined) return { address, bits: null, family };
  const bits = Number(bitsText);
  if (!/^\d{1,3}$/.test(bitsText) || bits > (kind === 4 ? 32 : 128)) return null;
  return { address, bits, family };
}

/** The list as stored: trimmed, lower-case, without repeats; a malformed entry is the field's 422. */
export function normalizaIps(ips: readonly string[]): string[] {
  const errors: Record<string, string> = {};
  const out: string[] = [];
  ips.forEach((raw, i) => {
    const entry = raw.trim().toLowerCase();
    if (!parse(entry)) errors[`ips.${i}`] = CHAVE_MSG.ip;
    else if (!out.includes(entry)) out.push(entry);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/** The client's address as compared: an IPv4-mapped IPv6 address becomes its IPv4 address. */
export function enderecoCliente(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** Whether `ip` is allowed by `ips` (an empty list allows any address). */
export function ipPermitido(ips: readonly string[], ip: string | null | undefined): boolean {
  if (!ips.length) return true;
  if (!ip) return false;
  const client = enderecoCliente(ip);
  const kind = isIP(client);
  if (!kind) return false;
  const list = new BlockList();
  for (const entry of ips) {
    const p = parse(entry);
    if (!p) continue;
    if (p.bits === null) list.addAddress(p.address, p.family);
    else list.addSubnet(p.address, p.bits, p.family);
  }
  return list.check(client, kind === 4 ? 'ipv4' : 'ipv6');
}
