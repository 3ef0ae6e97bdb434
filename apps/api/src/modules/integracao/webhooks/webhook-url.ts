import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { WEBHOOK_MSG } from '@bg/domain';

/**
 * Where a shop's webhook may point (decision 118). `https://` always; `http://` only to this
 * machine (`localhost`, `127.0.0.1`, `::1`) for development. Unless WEBHOOK_PRIVATE_URLS is on
 * (default only with the demo seed), addresses on this machine or a private network are refused —
 * when the endpoint is saved (a literal address or `localhost`) and again before each delivery
 * (every address the name resolves to), so a shop cannot make the API call into its own network.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return PRIVATE.check(address, 'ipv4');
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? PRIVATE.check(mapped[1], 'ipv4') : PRIVATE.check(address, 'ipv6');
  }
  return false;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** The message that refuses `raw` as an endpoint, or null when it may be saved. */
export function checkWebhookUrl(raw: string, privateUrls: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MSG.urlInvalida;
  }
  if (url.username || url.password) return 'O endereço não pode conter usuário ou senha.';
  const host = bareHost(url.hostname);
  const local = LOCAL_NAMES.has(host) || host.endsWith('.localhost');
  if (url.protocol === 'http:') {
    if (!local) return 'Use https:// (http:// só é aceito para localhost em desenvolvimento).';
  } else if (url.protocol !== 'https:') return WEBHOOK_MSG.urlInvalida;
  if (!privateUrls && (local || isPrivateAddress(host))) return 'Endereços locais ou de rede privada não são aceitos.';
  return null;
}

/** Before a delivery: the refusal when the name resolves to a private address (and they are not allowed). */
export async function checkResolvedAddress(raw: string, privateUrls: boolean): Promise<string | null> {
  const saved = checkWebhookUrl(raw, privateUrls);
  if (saved || privateUrls) return saved;
  const host = bareHost(new URL(raw).hostname);
  if (isIP(host)) return null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return `Não foi possível resolver o nome ${host}.`;
  }
  return addresses.some((a) => isPrivateAddress(a.address)) ? `${host} aponta para um endereço de rede privada; entrega recusada.` : null;
}
