import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO } from './session';
import { isoInMonths } from './test-data';

/** An access token of a demo user, for setting data up through the API. */
export async function apiToken(request: APIRequestContext, who: keyof typeof DEMO): Promise<string> {
  const res = await request.post('/api/login', { data: { username: DEMO[who].login, password: DEMO[who].password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).access_token as string;
}

/** The Loja Demo's guarantee request for a CPF (2 × R$ 300,00 from next month), through the API; answers the protocol. */
export async function requestGuarantee(request: APIRequestContext, cpf: string, nome: string): Promise<string> {
  const created = await request.post('/api/garantia/solicitaGarantia', {
    headers: { authorization: `Bearer ${await apiToken(request, 'loja')}` },
    data: {
      cpf_cnpj: cpf, nome_razao: nome, data_nascimento: '1988-05-05', cep: '01310100', endereco: 'Avenida Paulista', numero: '12',
      bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ref_pessoal: 'Ana Referência', tel_ref_pessoal: '11912345678', ocupacao: 'Professora',
      renda: 3200, telefone1: '11987654321', qtd_titulos: 2,
      titulos: [{ parcela: 1, valor: 300, vencimento: isoInMonths(1) }, { parcela: 2, valor: 300, vencimento: isoInMonths(2) }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).data.protocolo as string;
}

/**
 * A guarantee of Loja Demo (requestGuarantee) approved and released by the administrador through
 * the API: its protocol, its id and the administrador's headers for further calls.
 */
export async function releasedGuarantee(request: APIRequestContext, cpf: string, nome: string): Promise<{ protocolo: string; garantiaId: number; admin: { authorization: string } }> {
  const protocolo = await requestGuarantee(request, cpf, nome);
  const garantiaId = Number(protocolo.split('-')[0]);
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  for (const step of ['aprovar', 'liberaBoleto']) {
    const res = await request.post(`/api/garantia/${step}/${garantiaId}`, { headers: admin, data: {} });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { protocolo, garantiaId, admin };
}
