// Public surface of the Pix BR Code builder; src/index.ts re-exports this file.
export { PixError, type PixErrorCode } from './pix-error.js';
export { crc16ccitt } from './crc16.js';
export { buildPixBrCode, formatPixAmount, type PixBrCodeInput } from './br-code.js';
