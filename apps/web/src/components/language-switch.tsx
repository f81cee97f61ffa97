import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, setLanguage, useLocale } from '@/lib/locale';

const SWITCHABLE = LANGUAGE_OPTIONS.filter((option) => option.value !== 'all');

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const current = SWITCHABLE.find((option) => option.value === language) ?? SWITCHABLE[0];

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconWorld size={18} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('language.change', { language: current?.label ?? '' })}
        >
          {current?.shortLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {SWITCHABLE.map((option) => (
          <Menu.Item
            key={option.id}
            lang={option.value}
            rightSection={option.value === language ? <IconCheck size={16} /> : option.shortLabel}
            onClick={() => {
              if (isLanguage(option.value)) setLanguage(option.value);
            }}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
