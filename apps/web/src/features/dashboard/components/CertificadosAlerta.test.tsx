import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { CertificadosAlerta } from './CertificadosAlerta';

describe('Início: the certificates alert', () => {
  it('lists each conta’s sentence; red once one expired', () => {
    const { unmount } = renderWithProviders(
      <CertificadosAlerta certificados={[{ conta_id: 7, conta: '001 ag. 4321 c/c 55555', validade: '2026-12-10T12:00:00.000Z', dias_restantes: 12, texto: 'Certificado da conta 001 ag. 4321 c/c 55555 vence em 12 dias.' }]} />,
    );
    const alert = screen.getByRole('alert', { name: 'Certificado do banco vencendo' });
    expect(alert).toHaveTextContent('Certificado da conta 001 ag. 4321 c/c 55555 vence em 12 dias.');
    expect(within(alert).getByRole('link', { name: /Certificado do banco/ })).toHaveAttribute('href', '/administracao/conta-cobranca');
    unmount();
    renderWithProviders(
      <CertificadosAlerta
        certificados={[
          { conta_id: 7, conta: 'a', validade: '2026-11-20T12:00:00.000Z', dias_restantes: -7, texto: 'Certificado da conta a venceu há 7 dias: as chamadas ao banco com TLS mútuo vão falhar.' },
          { conta_id: 8, conta: 'b', validade: '2026-12-10T12:00:00.000Z', dias_restantes: 12, texto: 'Certificado da conta b vence em 12 dias.' },
        ]}
      />,
    );
    expect(screen.getByRole('alert', { name: 'Certificados do banco vencendo' })).toHaveTextContent('venceu há 7 dias');
  });
});
