import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PAGADOR_MSG } from '@bg/domain';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PagadorPage } from './PagadorPage';

const api = vi.hoisted(() => ({ identificar: vi.fn(), boletos: vi.fn(), preferencias: vi.fn(), acessos: vi.fn() }));
vi.mock('../api/pagador', () => ({ pagadorApi: api }));

const pagina = {
  nome: 'Maria',
  canais: { whatsapp: true, email: true },
  sessao_expira_em: '2026-11-27T19:00:00.000Z',
  boletos: [
    {
      id: 11, loja: 'Loja Aurora', parcela: 2, qtd_parcelas: 4, vencimento: '2026-11-10', valor: 100, valor_atualizado: 107.61, dias_atraso: 17,
      linha_digitavel: '10499.12345 67890.123456 78901.234567 8 12340000010000', pix: '00020126580014br.gov.bcb.pix', pdf_url: '/api/pagador/boleto/11/pdf?p=1&exp=2&sig=x',
    },
    {
      id: 12, loja: 'Loja Brisa', parcela: 1, qtd_parcelas: 1, vencimento: '2026-12-20', valor: 250.5, valor_atualizado: 250.5, dias_atraso: 0,
      linha_digitavel: '10499.12345 67890.123456 78901.234567 8 12340000025050', pix: null, pdf_url: '/api/pagador/boleto/12/pdf?p=1&exp=2&sig=y',
    },
  ],
};

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/pagar" element={<PagadorPage />} />
      <Route path="/pagar/:codigo" element={<PagadorPage />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  sessionStorage.clear();
});

describe('payer page (/pagar)', () => {
  it('identifies by CPF (masked) and birth date, then lists the open boletos with PDF, linha and Pix', async () => {
    const user = userEvent.setup();
    api.identificar.mockResolvedValue({ sessao: '1.2.abc', expira_em: '2026-11-27T19:00:00.000Z' });
    api.boletos.mockResolvedValue(pagina);
    renderAt('/pagar');
    await user.type(await screen.findByLabelText(/CPF ou CNPJ/), '52998224725');
    expect(screen.getByLabelText(/CPF ou CNPJ/)).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText(/Data de nascimento/), '09031980');
    await user.click(screen.getByRole('button', { name: 'Ver meus boletos' }));
    expect(api.identificar).toHaveBeenCalledWith({ documento: '52998224725', data: '1980-03-09' });
    expect(await screen.findByRole('heading', { name: 'Olá, Maria' })).toBeInTheDocument();
    expect(api.boletos).toHaveBeenCalledWith('1.2.abc');
    const aurora = screen.getByRole('article', { name: 'Boleto Loja Aurora parcela 2 de 4' });
    expect(within(aurora).getByText('Vencido há 17 dias')).toBeInTheDocument();
    expect(within(aurora).getByText('Valor atualizado (hoje)')).toBeInTheDocument();
    expect(within(aurora).getByRole('link', { name: 'Baixar boleto (PDF)' })).toHaveAttribute('href', '/api/pagador/boleto/11/pdf?p=1&exp=2&sig=x');
    expect(within(aurora).getByRole('button', { name: 'Copiar Pix copia e cola' })).toBeInTheDocument();
    const brisa = screen.getByRole('article', { name: 'Boleto Loja Brisa parcela 1 de 1' });
    expect(within(brisa).queryByRole('button', { name: 'Copiar Pix copia e cola' })).toBeNull();
    expect(within(brisa).getByRole('button', { name: 'Copiar linha digitável' })).toBeInTheDocument();
    expect(sessionStorage.getItem('bg_pagador_sessao')).toBe('1.2.abc');
  });

  it('a refused identification shows the one message; a CNPJ asks for the foundation date', async () => {
    const user = userEvent.setup();
    api.identificar.mockRejectedValue(new ApiError(404, { status: 404, msg: PAGADOR_MSG.naoIdentificado }));
    renderAt('/pagar');
    await user.type(await screen.findByLabelText(/CPF ou CNPJ/), '11222333000181');
    expect(screen.getByLabelText(/Data de fundação/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Data de fundação/), '01012001');
    await user.click(screen.getByRole('button', { name: 'Ver meus boletos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGADOR_MSG.naoIdentificado);
    expect(api.boletos).not.toHaveBeenCalled();
  });

  it('a message link opens the page already identified by its code; an expired link shows the form with the message', async () => {
    api.identificar.mockResolvedValue({ sessao: '1.2.abc', expira_em: '2026-11-27T19:00:00.000Z' });
    api.boletos.mockResolvedValue({ ...pagina, boletos: [] });
    renderAt('/pagar/ABCDE-FGHJK');
    expect(await screen.findByText('Você não tem boletos em aberto para pagar.')).toBeInTheDocument();
    expect(api.identificar).toHaveBeenCalledWith({ codigo: 'ABCDE-FGHJK' });
  });

  it('an expired code: the form, with the one message', async () => {
    api.identificar.mockRejectedValue(new ApiError(404, { status: 404, msg: PAGADOR_MSG.naoIdentificado }));
    renderAt('/pagar/ABCDE-FGHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGADOR_MSG.naoIdentificado);
    expect(screen.getByRole('button', { name: 'Ver meus boletos' })).toBeInTheDocument();
  });

  it('leaving WhatsApp from the page', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('bg_pagador_sessao', '1.2.abc');
    api.boletos.mockResolvedValue(pagina);
    api.preferencias.mockResolvedValue({ status: 200, msg: PAGADOR_MSG.preferenciasSalvas });
    renderAt('/pagar');
    await user.click(await screen.findByRole('checkbox', { name: 'Receber mensagens por WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(api.preferencias).toHaveBeenCalledWith('1.2.abc', { whatsapp: false, email: true });
    expect(await screen.findByRole('status')).toHaveTextContent(PAGADOR_MSG.preferenciasSalvas);
  });
});
