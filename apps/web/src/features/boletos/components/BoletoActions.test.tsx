import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ALL_SITUACOES, SITUACAO, type Situacao } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import type { BoletoRow } from '../api/boletos';
import { BoletoActions } from './BoletoActions';

const row = (situacao: Situacao): BoletoRow => ({
  id: 7, digito: 1, parcela: 2, valor: 100, valor_atualizado: 100, vencimento: '2026-12-22', situacao,
  created_at: '2026-11-22T13:00:00.000Z', garantia_id: 5, garantia_digito: 1, fantasia: 'Loja Demo', nome_razao: 'Ana', cpf_cnpj: '67431982500', antecipacao: null, pode_alterar: true,
});

function buttonsFor(situacao: Situacao) {
  const view = renderWithProviders(<BoletoActions row={row(situacao)} onAction={() => {}} onUpdate={() => {}} onHistory={() => {}} />);
  const names = screen.getAllByRole('button').map((b) => b.textContent);
  view.unmount();
  return names;
}

describe('Boletos Garantidos row actions', () => {
  it.each(ALL_SITUACOES)('%s shows only the actions the state machine allows', (situacao) => {
    const names = buttonsFor(situacao);
    const open = [SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO, SITUACAO.GARANTIDO] as string[];
    // cancelar, quitar, baixar and update only while the boleto can still be paid
    for (const label of ['Cancelar', 'Quitar', 'Baixar', 'Atualizar']) expect(names.includes(label), label).toBe(open.includes(situacao));
    expect(names.includes('Marcar como quitado')).toBe(situacao === SITUACAO.BAIXADO_REMOVIDO);
    expect(names).toContain('Histórico');
  });

  it('hands the chosen action and row to the page (which confirms before calling the API)', () => {
    const onAction = vi.fn();
    renderWithProviders(<BoletoActions row={row(SITUACAO.BAIXADO_REMOVIDO)} onAction={onAction} onUpdate={() => {}} onHistory={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como quitado' }));
    expect(onAction).toHaveBeenCalledWith('marcarQuitado', expect.objectContaining({ id: 7 }));
  });
});
