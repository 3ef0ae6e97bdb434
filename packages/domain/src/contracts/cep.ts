import { z } from 'zod';
import { defineContract } from './contract.js';
import { okData } from './envelope.js';

/** An address found for a CEP (digits); empty text where the service knows nothing. */
export const cepAddressJson = z.object({
  cep: z.string(),
  endereco: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type CepAddressJson = z.output<typeof cepAddressJson>;

/** The postal-code lookup of every address form (spec §7 Other). */
export const cepContracts = {
  getEndereco: defineContract({
    method: 'GET', path: '/api/cep/:cep', access: 'authenticated', tags: ['cep'],
    summary: 'Endereço de um CEP (422 inválido, 404 desconhecido, 503 serviço indisponível)',
    // masked or digits; the use-case answers "Digite um CEP válido!" (422) for anything else
    params: z.object({ cep: z.string().max(20) }),
    response: okData(cepAddressJson),
  }),
};
