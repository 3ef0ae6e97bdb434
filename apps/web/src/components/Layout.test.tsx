import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { PageHeader } from './PageHeader';
import { Maintenance } from './Maintenance';

describe('PageHeader', () => {
  it('shows the title as a heading and the actions', () => {
    renderWithProviders(<PageHeader title="Empresas" actions={<Button>Novo</Button>} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Empresas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo' })).toBeInTheDocument();
  });
});

describe('Maintenance', () => {
  it('shows the spec maintenance warning', () => {
    renderWithProviders(<Maintenance />);
    expect(screen.getByText('Funcionalidade em Manutenção!')).toBeInTheDocument();
    expect(screen.getByText('Estamos realizando ajustes nessa funcionalidade e logo mais liberaremos pra você.')).toBeInTheDocument();
  });
});
