import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@mantine/form';
import { MSG } from '@bg/domain';
import { renderWithProviders } from '../../../test/render';
import { StepSolicitacao } from './StepSolicitacao';
import { emptyWizard, type WizardValues } from './wizard-form';

function Harness() {
  const form = useForm<WizardValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyWizard(),
      qtd_titulos: '3',
      titulos: [
        { parcela: 1, valor: 250, vencimento: null },
        { parcela: 2, valor: null, vencimento: null },
        { parcela: 3, valor: 999, vencimento: '2030-01-01' },
      ],
    },
  });
  return <StepSolicitacao form={form} maxParcelas={6} />;
}

/** Step 3 right after "Enviar Dados" on an empty form: every instalment field says Campo obrigatório. */
function AfterEmptySubmit() {
  const form = useForm<WizardValues>({
    mode: 'controlled',
    initialValues: { ...emptyWizard(), qtd_titulos: '3', titulos: [1, 2, 3].map((parcela) => ({ parcela, valor: null, vencimento: null })) },
    initialErrors: Object.fromEntries([0, 1, 2].flatMap((i) => [[`titulos.${i}.valor`, MSG.required], [`titulos.${i}.vencimento`, MSG.required]])),
  });
  return <StepSolicitacao form={form} maxParcelas={6} />;
}

describe('DADOS DA SOLICITAÇÃO', () => {
  it('clears "Campo obrigatório" from the instalments that instalment 1 fills', async () => {
    renderWithProviders(<AfterEmptySubmit />);
    expect(screen.getAllByText(MSG.required)).toHaveLength(6);
    await userEvent.type(screen.getByLabelText(/Valor da parcela 01/), '250');
    await userEvent.type(screen.getByLabelText(/Vencimento da parcela 01/), '31/01/2027');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Vencimento da parcela 03/)).toHaveValue('31/03/2027'));
    expect(screen.getByLabelText(/Valor da parcela 02/)).toHaveValue('R$ 250,00');
    expect(screen.queryAllByText(MSG.required)).toHaveLength(0);
  });


  it('pads instalment numbers and fills the others when instalment 1 due date is left', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText('Parcela 01')).toBeInTheDocument();
    expect(screen.getByText('Parcela 03')).toBeInTheDocument();
    const first = screen.getByLabelText(/Vencimento da parcela 01/);
    fireEvent.input(first, { target: { value: '31/01/2027' } });
    fireEvent.blur(first);
    expect(screen.getByLabelText(/Vencimento da parcela 02/)).toHaveValue('28/02/2027');
    expect(screen.getByLabelText(/Vencimento da parcela 03/)).toHaveValue('31/03/2027');
    expect(screen.getByLabelText(/Valor da parcela 03/)).toHaveValue('R$ 250,00');
    expect(screen.getByText('Total: R$ 750,00')).toBeInTheDocument();
  });

  it('reads Valor da parcela typed as 1.000,00 as one thousand reais and fills the others with it (issue 25)', async () => {
    renderWithProviders(<AfterEmptySubmit />);
    await userEvent.type(screen.getByLabelText(/Valor da parcela 01/), '1.000,00');
    await userEvent.type(screen.getByLabelText(/Vencimento da parcela 01/), '31/01/2027');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText(/Valor da parcela 03/)).toHaveValue('R$ 1.000,00'));
    expect(screen.getByLabelText(/Valor da parcela 01/)).toHaveValue('R$ 1.000,00');
    expect(screen.getByText('Total: R$ 3.000,00')).toBeInTheDocument();
  });
});
