import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { NovaGarantiaPage } from './NovaGarantiaPage';

const api = vi.hoisted(() => ({ consultaDocumento: vi.fn() }));
vi.mock('../api/garantias-api', async (original) => ({ garantiasApi: { ...(await original<{ garantiasApi: object }>()).garantiasApi, ...api } }));
const lookups = vi.hoisted(() => ({
  systemConfig: vi.fn(async () => ({ status: 200, msg: 'ok', chatUrl: 'https://chat.example.com' })),
  empresasForSelect: vi.fn(async () => []),
}));
vi.mock('../../../lib/lookup-calls', () => lookups);
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => ({ id: 2, nivel: '1', empresa: { id: 2, qtd_max_parcelas: 12 } }),
  isAdmin: () => false,
}));

const stepButton = (label: string) => screen.getByText(label, { exact: true }).closest('button')!;

describe('Nova Garantia', () => {
  it('a 900 lookup jumps to RESULTADO with steps 2 and 3 shown as skipped, not completed', async () => {
    api.consultaDocumento.mockResolvedValue({ status: 900, msg: 'restrito', consulta: '<p>lista de CPFs suspeitos</p>', obj: { pessoa_id: null, pessoa: null }, empresa: null });
    renderWithProviders(<NovaGarantiaPage />);
    await userEvent.type(screen.getByLabelText(/Informe o CPF\/CNPJ do cliente/), '41862057362');
    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Que pena! Não conseguimos aprovar essa solicitação!')).toBeInTheDocument();
    expect(stepButton('CONSULTA')).toHaveAttribute('data-completed');
    for (const skipped of ['DADOS DO CLIENTE', 'DADOS DA SOLICITAÇÃO']) {
      expect(stepButton(skipped)).not.toHaveAttribute('data-completed');
      expect(stepButton(skipped)).toHaveAttribute('data-skipped');
      expect(stepButton(skipped)).toHaveTextContent('Não realizada');
    }
  });
});
