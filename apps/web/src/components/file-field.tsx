import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ChangeEvent, ReactNode } from 'react';
import classes from './file-field.module.css';

type FileFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  accept?: string;
  withAsterisk?: boolean;
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
};

// A native file input (so browsers, screen readers and tests can set files on the labelled element).
export function FileField({ label, description, error, accept, withAsterisk, value, onChange, onBlur }: FileFieldProps) {
  const id = useId();
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);
  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} withAsterisk={withAsterisk} size="md">
      <input
        id={id}
        type="file"
        accept={accept}
        className={classes.input}
        data-error={error ? true : undefined}
        data-has-file={value ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : description ? `${id}-description` : undefined}
        onChange={handleChange}
        onBlur={onBlur}
      />
    </Input.Wrapper>
  );
}
