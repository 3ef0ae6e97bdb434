import { useState, type KeyboardEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

export interface SearchBoxProps {
  onSearch: (text: string) => void;
  placeholder?: string;
  label?: string;
  initialValue?: string;
  /** Disables the Filtrar button, e.g. while the list is loading. */
  loading?: boolean;
}

/**
 * Spec §2: lists filter on Enter and on a Filtrar button. The text is kept here and sent only on
 * those two actions (not per keystroke), so typing a name does not fire one request per letter.
 */
export function SearchBox({ onSearch, placeholder = 'Pesquisar', label, initialValue = '', loading = false }: SearchBoxProps) {
  const [text, setText] = useState(initialValue);

  // Trimmed because a CPF pasted with a trailing space would otherwise match nothing.
  const submit = () => onSearch(text.trim());

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // The box may sit inside a <form>; Enter here means "search", never "submit the form".
    event.preventDefault();
    submit();
  };

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        placeholder={placeholder}
        aria-label={label ? undefined : placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <Button onClick={submit} loading={loading}>
        Filtrar
      </Button>
    </Group>
  );
}
