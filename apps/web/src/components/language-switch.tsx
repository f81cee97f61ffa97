import { Button, Group } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { isLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, setLanguage, useLocale } from '@/lib/locale';

const SWITCHABLE = LANGUAGE_OPTIONS.filter((option) => option.value !== 'all');

// SPEC §3 language options: the short label is shown, the full label is the accessible name.
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = useLocale();

  return (
    <Group gap={2} role="group" aria-label={t('language.label')} wrap="nowrap">
      {SWITCHABLE.map((option) => {
        const isCurrent = option.value === language;
        return (
          <Button
            key={option.id}
            size="compact-sm"
            variant={isCurrent ? 'light' : 'subtle'}
            color={isCurrent ? 'brand' : 'gray'}
            aria-pressed={isCurrent}
            aria-label={option.label}
            title={option.label}
            lang={option.value}
            onClick={() => {
              if (isLanguage(option.value)) setLanguage(option.value);
            }}
          >
            {option.shortLabel}
          </Button>
        );
      })}
    </Group>
  );
}
