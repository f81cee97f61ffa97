import { useRef } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import classes from './file-field.module.css';
import { requiredField } from './required-field';
import { formatFileSize } from '@/lib/format';

type FileFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  accept?: string;
  withAsterisk?: boolean;
  value: File | null;
  onChange: (file: File | null) => void;
};

// The labelled element is the native file input (so browsers, screen readers and tests can set files on it);
// the visible box only shows translated text, which the native control cannot.
export function FileField({ label, description, error, accept, withAsterisk, value, onChange }: FileFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      labelProps={withAsterisk ? requiredField.labelProps : undefined}
      size="md"
    >
      <div className={classes.root}>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-required={withAsterisk ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={handleChange}
        />
        <div
          className={classes.box}
          data-error={error ? true : undefined}
          data-has-file={value ? true : undefined}
          aria-hidden
          onClick={() => inputRef.current?.click()}
        >
          <span className={classes.button}>
            <IconFileUpload size={16} />
            {t('fileField.choose')}
          </span>
          <span className={classes.name}>
            {value ? `${value.name} · ${formatFileSize(value.size)}` : t('fileField.none')}
          </span>
        </div>
      </div>
    </Input.Wrapper>
  );
}
