import { z } from 'zod';
import { defineContract } from './contract.js';

/** The query of a signed, expiring file link (built by the API, never by the client). */
export const signedLinkQuery = z.object({
  exp: z.string(),
  sig: z.string(),
  /** Present: answer as an attachment instead of inline. */
  download: z.string().optional(),
});

/** Stored uploads (documents, duplicatas) served through signed links. */
export const arquivoContracts = {
  getArquivo: defineContract({
    method: 'GET', path: '/api/arquivo/:id', access: 'public', tags: ['arquivos'],
    summary: 'Arquivo por link assinado e expirável',
    params: z.object({ id: z.uuid() }),
    query: signedLinkQuery,
    file: {
      contentTypes: ['image/jpeg', 'image/png', 'application/pdf', 'text/plain', 'application/octet-stream'],
      description: 'O arquivo enviado, com o tipo detectado no envio (JPEG, PNG, PDF ou texto).',
    },
  }),
};
