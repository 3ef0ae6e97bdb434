import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { MoneyText, moneyText } from './MoneyText';
import { DateText, dateText } from './DateText';

describe('MoneyText', () => {
  it('formats 1234.5 as "R$ 1.234,50"', () => {
    renderWithProviders(<MoneyText value={1234.5} />);
    expect(screen.getByText('R$ 1.234,50')).toBeInTheDocument();
  });

  it('formats numeric text, null and unparseable values', () => {
    expect(moneyText('1234.56')).toBe('R$ 1.234,56');
    expect(moneyText(0.1)).toBe('R$ 0,10');
    expect(moneyText(-7.5)).toBe('-R$ 7,50');
    expect(moneyText(null)).toBe('');
    expect(moneyText('')).toBe('');
    expect(moneyText('abc')).toBe('abc');
  });
});

describe('DateText', () => {
  it('formats a calendar date as dd/mm/aaaa', () => {
    renderWithProviders(<DateText value="2024-03-09" />);
    expect(screen.getByText('09/03/2024')).toBeInTheDocument();
  });

  it('formats date-times in São Paulo time', () => {
    expect(dateText('2024-03-09T15:45:00Z', true)).toBe('09/03/2024 12:45');
    // 01:00 UTC is still the previous evening in São Paulo.
    expect(dateText('2024-03-10T01:00:00Z')).toBe('09/03/2024');
    expect(dateText(null)).toBe('');
  });
});
