import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { WebhooksPausadosAlerta } from './WebhooksPausadosAlerta';

const pausado = { id: 3, empresa_id: 7, empresa: 'Loja Sete', url: 'https://erp.loja.com.br/bg', pausado_em: '2026-11-27T12:00:00.000Z', motivo: '15 falhas seguidas de entrega (última: HTTP 500)' };

describe('Início: webhooks paused by failures', () => {
  it('names the endpoint and its reason, and links to Administração › Webhooks', () => {
    renderWithProviders(<WebhooksPausadosAlerta webhooks={[pausado]} comLoja={false} />);
    const alerta = screen.getByRole('alert', { name: 'Webhook pausado por falhas de entrega' });
    expect(alerta).toHaveTextContent('https://erp.loja.com.br/bg — 15 falhas seguidas de entrega (última: HTTP 500)');
    expect(alerta).not.toHaveTextContent('Loja Sete');
    expect(screen.getByRole('link', { name: 'Administração › Webhooks' })).toHaveAttribute('href', '/administracao/webhooks');
  });
  it('gives the shop\'s name to administradores', () => {
    renderWithProviders(<WebhooksPausadosAlerta webhooks={[pausado, { ...pausado, id: 4, empresa: 'Loja Oito' }]} comLoja />);
    const alerta = screen.getByRole('alert', { name: 'Webhooks pausados por falhas de entrega' });
    expect(alerta).toHaveTextContent('Loja Sete: https://erp.loja.com.br/bg');
    expect(alerta).toHaveTextContent('Loja Oito:');
  });
});
