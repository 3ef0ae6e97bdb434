import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_SITUACOES, SITUACAO, type Situacao } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import type { BoletoRow } from '../api/boletos';
import { BoletoActions } from './BoletoActions';

const row = (situacao: Situacao): BoletoRow => ({
  id: 7, digito: 1, parcela: 2, valor: 100, valor_atualizado: 100, vencimento: '2026-12-22', situacao,
  created_at: '2026-11-22T13:00:00.000Z', garantia_id: 5, garantia_digito: 1, fantasia: 'Loja Demo', nome_razao: 'Ana', cpf_cnpj: '67431982500', antecipacao: null, pode_alterar: true,
});

/** The entries of the row's compact Ações menu (issue 25: the list fits 1280 px). */
async function buttonsFor(situacao: Situacao) {
  const view = renderWithProviders(<BoletoActions row={row(situacao)} onAction={() => {}} onUpdate={() => {}} onHistory={() => {}} />);
  await userEvent.click(screen.getByRole('button', { name: 'Ações do boleto 7' }));
  const names = (await screen.findAllByRole('menuitem')).map((b) => b.textContent);
  view.unmount();
  return names;
}

describe('Boletos Garantidos row actions', () => {
  it.each(ALL_SITUACOES)('%s shows only the actions the state machine allows', async (situacao) => {
    const names = await buttonsFor(situacao);
    const open = [SITUACAO.DISPONIVEL, SITUACAO.ENVIADO_REGISTRO, SITUACAO.GARANTIDO] as string[];
    // cancelar, quitar, baixar and update only while the boleto can still be paid
    for (const label of ['Cancelar', 'Quitar', 'Baixar', 'Atualizar']) expect(names.includes(label), label).toBe(open.includes(situacao));
    expect(names.includes('Marcar como quitado')).toBe(situacao === SITUACAO.BAIXADO_REMOVIDO);
    expect(names).toContain('Histórico');
  });

  it('hands the chosen action and row to the page (which confirms before calling the API)', async () => {
    const onAction = vi.fn();
    renderWithProviders(<BoletoActions row={row(SITUACAO.BAIXADO_REMOVIDO)} onAction={onAction} onUpdate={() => {}} onHistory={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ações do boleto 7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como quitado' }));
    expect(onAction).toHaveBeenCalledWith('marcarQuitado', expect.objectContaining({ id: 7 }));
  });
});
