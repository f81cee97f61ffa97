import { ActionIcon, Affix } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// SPEC §2: the chat link uses the WhatsApp number with + removed (spaces and dashes too, so the link works)
export function whatsAppHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

export function WhatsAppButton({ number }: { number: string }) {
  const { t } = useTranslation();
  if (!number.replace(/\D/g, '')) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={250}>
      <ActionIcon
        component="a"
        href={whatsAppHref(number)}
        target="_blank"
        rel="noopener noreferrer"
        size={56}
        radius="xl"
        color="#25D366"
        variant="filled"
        aria-label={t('whatsApp.label')}
        title={t('whatsApp.label')}
        style={{ boxShadow: '0 6px 20px rgba(0, 0, 0, 0.2)' }}
      >
        <IconBrandWhatsapp size={30} />
      </ActionIcon>
    </Affix>
  );
}
