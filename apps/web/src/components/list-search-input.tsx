import { useState } from 'react';
import { TextInput, type StyleProp } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

type ListSearchInputProps = {
  // the search the list shows (from the URL)
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  placeholder: string;
  // without a label, the placeholder names the field
  label?: string;
  w?: StyleProp<CSSProperties['width']>;
  testId?: string;
  // how long after the last key the list follows
  delayMs?: number;
};

// A list's search field (the search kept in the URL): the list follows once the typing stops; a search changed
// elsewhere (cleared with the filters, the Back button) is shown in the field
export function ListSearchInput({
  value,
  onSearch,
  placeholder,
  label,
  w,
  testId,
  delayMs = 300,
}: ListSearchInputProps) {
  const [text, setText] = useState(value ?? '');
  // the search the URL had at the last render, and the one this field last sent: a new search in the URL that this
  // field did not send came from elsewhere (the URL may follow the field a render later)
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value ?? '');
    }
  }
  const search = useDebouncedCallback((typed: string) => {
    const next = typed.trim() || undefined;
    setSent(next);
    onSearch(next);
  }, delayMs);
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      w={w}
      maxLength={100}
      data-testid={testId}
    />
  );
}
