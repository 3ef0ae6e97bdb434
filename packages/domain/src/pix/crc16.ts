/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR), the checksum the
 * BR Code manual prescribes for field 63. Computed over the UTF-8 bytes of the payload, which
 * equal its characters because the builder only emits ASCII. Returned as 4 uppercase hex digits,
 * zero-padded, as the payload carries it.
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
