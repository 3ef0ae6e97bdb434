import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ASSINATURA_MSG } from '@bg/domain';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AssinaturaPage } from './AssinaturaPage';

const api = vi.hoisted(() => ({ getAssinaturaPublica: vi.fn(), assinarDuplicatas: vi.fn() }));
vi.mock('../api/assinatura', async (original) => ({ ...(await original<object>()), ...api }));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const SHA = 'ab'.repeat(32);
const publica = {
  signatario: { nome: 'João Pedro Almeida', documento: '***.726.450-**' },
  emitente: { razao: 'Loja Demo Ltda', cnpj: '11222333000181' },
  documento: {
    protocolo: '4-3', emissao: '2026-11-19', total: 1600, sha256: SHA, tamanho: 20000,
    parcelas: [{ numero: '4-3/01', valor: 800, vencimento: '2026-12-22' }, { numero: '4-3/02', valor: 800, vencimento: '2027-01-22' }],
  },
  expires_at: '2026-11-30T15:00:00.000Z',
  aceite: 'Declaro que li as duplicatas de venda mercantil deste documento.',
};

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/assinatura/:token" element={<AssinaturaPage />} />
    </Routes>,
    { route: `/assinatura/${TOKEN}` },
  );
}

afterEach(() => {
  api.getAssinaturaPublica.mockReset();
  api.assinarDuplicatas.mockReset();
});

async function fillAndSign() {
  await userEvent.type(screen.getByLabelText(/Seu CPF\/CNPJ/), '38172645007');
  await userEvent.type(screen.getByLabelText(/Nome completo/), 'João Pedro Almeida');
  await userEvent.click(screen.getByRole('checkbox', { name: publica.aceite }));
  await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
}

describe('public signing page', () => {
  it('shows who is asked to sign, the duplicatas, the PDF exactly as sent and its SHA-256', async () => {
    api.getAssinaturaPublica.mockResolvedValue(publica);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Assinatura de Duplicatas' })).toBeInTheDocument();
    expect(api.getAssinaturaPublica).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByText('João Pedro Almeida')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Duplicatas a assinar' });
    expect(table).toHaveTextContent('4-3/01');
    expect(table).toHaveTextContent('22/12/2026');
    expect(table).toHaveTextContent('R$ 1.600,00');
    expect(screen.getByRole('link', { name: 'Abrir o documento (PDF)' })).toHaveAttribute('href', `/api/assinatura/${TOKEN}/documento`);
    expect(screen.getByLabelText('SHA-256 do documento')).toHaveTextContent(SHA);
  });

  it('an unusable link shows the neutral page and never the document', async () => {
    api.getAssinaturaPublica.mockRejectedValue(new ApiError(404, { status: 404, msg: ASSINATURA_MSG.linkInvalido }));
    renderPage();
    expect(await screen.findByRole('heading', { name: ASSINATURA_MSG.linkInvalido })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Abrir o documento/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinar' })).not.toBeInTheDocument();
  });

  it('requires the document, a full name and the acceptance before signing', async () => {
    api.getAssinaturaPublica.mockResolvedValue(publica);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Assinar' }));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    expect(screen.getByText(ASSINATURA_MSG.aceiteObrigatorio)).toBeInTheDocument();
    expect(api.assinarDuplicatas).not.toHaveBeenCalled();
  });

  it('signs and shows the signed document’s code; a CPF that does not match stays on the form', async () => {
    api.getAssinaturaPublica.mockResolvedValue(publica);
    api.assinarDuplicatas.mockRejectedValueOnce(
      new ApiError(422, { status: 422, msg: ASSINATURA_MSG.documentoNaoConfere, errors: { cpf_cnpj: ASSINATURA_MSG.documentoNaoConfere } }),
    );
    renderPage();
    await screen.findByRole('button', { name: 'Assinar' });
    await fillAndSign();
    expect(await screen.findAllByText(ASSINATURA_MSG.documentoNaoConfere)).not.toHaveLength(0);

    api.assinarDuplicatas.mockResolvedValueOnce({ status: 200, msg: 'ok', data: { assinado_em: '2026-11-23T15:00:00.000Z', documento_sha256: SHA, assinado_sha256: 'cd'.repeat(32), tipo: 'EVIDENCIAS' } });
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByRole('heading', { name: ASSINATURA_MSG.assinado })).toBeInTheDocument();
    expect(screen.getByText('cd'.repeat(32))).toBeInTheDocument();
    expect(api.assinarDuplicatas).toHaveBeenLastCalledWith(TOKEN, { cpf_cnpj: '381.726.450-07', nome: 'João Pedro Almeida', aceite: true });
  });

  it('a link used meanwhile (404 on signing) switches to the neutral page', async () => {
    api.getAssinaturaPublica.mockResolvedValue(publica);
    api.assinarDuplicatas.mockRejectedValue(new ApiError(404, { status: 404, msg: ASSINATURA_MSG.linkInvalido }));
    renderPage();
    await screen.findByRole('button', { name: 'Assinar' });
    await fillAndSign();
    expect(await screen.findByRole('heading', { name: ASSINATURA_MSG.linkInvalido })).toBeInTheDocument();
  });

  it('too many attempts on signing show their page; a network failure stays on the form and may be retried', async () => {
    api.getAssinaturaPublica.mockResolvedValue(publica);
    api.assinarDuplicatas.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    await screen.findByRole('button', { name: 'Assinar' });
    await fillAndSign();
    expect(await screen.findByText('Não foi possível assinar agora. Verifique a sua conexão e tente novamente.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assinar' })).toBeEnabled();

    api.assinarDuplicatas.mockRejectedValueOnce(new ApiError(429, { status: 429, msg: 'Muitas requisições.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByRole('heading', { name: 'Muitas tentativas' })).toBeInTheDocument();
    expect(screen.getByText(ASSINATURA_MSG.muitasTentativas)).toBeInTheDocument();
  });
});
