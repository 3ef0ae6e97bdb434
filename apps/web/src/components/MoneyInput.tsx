import { useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import {
  formatBRL,
  formatMoneyWhileTyping,
  fromCents,
  MAX_MONEY_TEXT_CENTS,
  parseMoneyText,
  toCents,
  type Cents,
} from '@bg/domain';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'max' | 'ref'> {
  /** Reais as the API sends them (a JSON number with at most two decimals); null/'' is empty. */
  value?: number | string | null;
  defaultValue?: number | string | null;
  /** The typed amount in reais (e.g. 1234.5, exact to the centavo), or null when the field is empty. */
  onChange?: (value: number | null) => void;
  /** The largest amount accepted, in reais; by default what a numeric(14,2) column holds. */
  max?: number;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one money field of the app (issue 25). The operator types as Brazilians type — "1.000,00",
 * "1000", or pastes "R$ 1.000,00" / "1000.50" — and sees "R$ 1.000,00" as it formats; the reading
 * rule is parseMoneyText in @bg/domain. A keystroke that would make the amount invalid (a third
 * decimal, a value beyond the limit, a letter) is refused and the reason shown under the field, so
 * the form only ever holds a valid amount or null. The value stays a number in reais, the wire
 * format; any arithmetic on it goes through toCents.
 */
export function MoneyInput({ value, defaultValue, onChange, onBlur, onPaste, max, error, ref, ...others }: MoneyInputProps) {
  const maxCents: Cents = max === undefined ? MAX_MONEY_TEXT_CENTS : toCents(max);
  const [text, setText] = useState(() => textOf(value !== undefined ? value : defaultValue));
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const pasted = useRef(false);
  const caretDigits = useRef<number | null>(null);

  // A value set from outside (a form reset, the wizard's auto-filled instalments) replaces the text,
  // unless the text already means that value (then the operator's "1.0" mid-typing is kept).
  const shownCents = centsOf(text, maxCents);
  const external = value === undefined ? undefined : value === null || value === '' ? null : safeCents(value);
  if (external !== undefined && external !== shownCents) {
    setText(external === null ? '' : formatBRL(external));
  }

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caretDigits.current === null || !input || document.activeElement !== input) return;
    const position = positionAfterDigits(input.value, caretDigits.current);
    input.setSelectionRange(position, position);
    caretDigits.current = null;
  });

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.currentTarget.value;
    const parsed = parseMoneyText(raw, maxCents);
    const wasPaste = pasted.current;
    pasted.current = false;
    if (parsed.kind === 'error') {
      // Refused: the field keeps its previous text (React restores it) and says why.
      setRefusal(parsed.message);
      return;
    }
    setRefusal(null);
    const caret = event.currentTarget.selectionStart ?? raw.length;
    // Typing at the end (the usual case) keeps the caret at the end, after a just-typed separator too.
    caretDigits.current = caret >= raw.length ? Number.POSITIVE_INFINITY : digitsBefore(raw, caret);
    if (parsed.kind === 'empty') {
      setText('');
      onChange?.(null);
      return;
    }
    setText(wasPaste ? formatBRL(parsed.cents) : formatMoneyWhileTyping(raw));
    onChange?.(fromCents(parsed.cents));
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const parsed = parseMoneyText(text, maxCents);
    if (parsed.kind === 'ok') setText(formatBRL(parsed.cents));
    setRefusal(null);
    onBlur?.(event);
  }

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...others}
      ref={(node) => {
        inputRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      value={text}
      error={refusal ?? error}
      onChange={handleChange}
      onBlur={handleBlur}
      onPaste={(event) => {
        pasted.current = true;
        onPaste?.(event);
      }}
    />
  );
}

function textOf(value: number | string | null | undefined): string {
  if (value === undefined || value === null || value === '') return '';
  const cents = safeCents(value);
  return cents === null ? '' : formatBRL(cents);
}

function safeCents(value: number | string): Cents | null {
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

function centsOf(text: string, maxCents: Cents): Cents | null {
  const parsed = parseMoneyText(text, maxCents);
  return parsed.kind === 'ok' ? parsed.cents : null;
}

/** How many digits and separators precede the caret: the anchor kept when the text is regrouped. */
function digitsBefore(text: string, caret: number): number {
  return text.slice(0, caret).replace(/[^\d,]/g, '').length;
}

function positionAfterDigits(text: string, count: number): number {
  if (count === 0) return Math.min(text.length, 'R$ '.length);
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[\d,]/.test(text[i] ?? '')) seen++;
    if (seen === count) return i + 1;
  }
  return text.length;
}
