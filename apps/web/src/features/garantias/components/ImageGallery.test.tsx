import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ImageGallery } from './ImageGallery';

const url = (id: string) => `/api/arquivo/${id}?exp=1&sig=x`;

describe('ImageGallery', () => {
  it('shows images at 600x400 and a signed PDF as a card with Abrir and Baixar', async () => {
    renderWithProviders(
      <ImageGallery
        title="Duplicatas Assinadas"
        files={[
          { id: 'a', nome: 'duplicata-01.png', url: url('a') },
          { id: 'b', nome: 'duplicatas-4-3-assinadas.pdf', url: url('b') },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Duplicatas Assinadas (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exibir' }));
    expect(screen.getByRole('img', { name: 'duplicata-01.png' })).toHaveAttribute('src', url('a'));
    const card = screen.getByRole('region', { name: 'duplicatas-4-3-assinadas.pdf' });
    expect(within(card).getByText('PDF')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Abrir' })).toHaveAttribute('href', url('b'));
    expect(within(card).getByRole('link', { name: 'Baixar' })).toHaveAttribute('href', `${url('b')}&download=1`);
  });
});
