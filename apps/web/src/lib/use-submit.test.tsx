import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormActions } from '../components/FormActions';
import { renderWithProviders } from '../test/render';
import { ApiError } from './api-client';
import { useSubmit, type SubmitOptions } from './use-submit';

function NameForm({ action, options = {} }: { action: (v: { nome: string }) => Promise<unknown>; options?: SubmitOptions<[{ nome: string }], unknown> }) {
  const form = useForm({ initialValues: { nome: '' } });
  const save = useSubmit(action, { form, ...options });
  return (
    <form onSubmit={form.onSubmit((values) => save.run(values))} noValidate>
      <TextInput label="Nome" {...form.getInputProps('nome')} />
      <FormActions cancelTo="/lista" loading={save.busy} />
    </form>
  );
}

describe('useSubmit', () => {
  it('shows "Tudo Certo!" with the server msg on success and runs onSuccess', async () => {
    const onSuccess = vi.fn();
    renderWithProviders(<NameForm action={async () => ({ status: 200, msg: 'Salvo.' })} options={{ onSuccess }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tudo Certo!');
    expect(dialog).toHaveTextContent('Salvo.');
    expect(onSuccess).toHaveBeenCalledWith({ status: 200, msg: 'Salvo.' }, { nome: '' });
  });

  it('puts a 422 answer\'s messages on the fields and shows the error dialog', async () => {
    const refused = new ApiError(422, { status: 422, msg: 'Dados inválidos.', errors: { nome: 'Campo obrigatório' } });
    renderWithProviders(<NameForm action={() => Promise.reject(refused)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('dialog')).toHaveTextContent('Ops! Ocorreu um erro.');
    expect(screen.getByRole('dialog')).toHaveTextContent('Dados inválidos.');
  });

  it('sends nothing when the confirmation is refused', async () => {
    const action = vi.fn(async () => ({ status: 200, msg: 'ok' }));
    function Toggle() {
      const toggle = useSubmit(action, { confirm: { title: 'Bloquear empresa', text: 'Bloquear Loja Demo?', confirmLabel: 'Bloquear' } });
      return <Button onClick={() => void toggle.run()}>Bloquear</Button>;
    }
    renderWithProviders(<Toggle />);
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).not.toHaveBeenCalled();
  });
});
