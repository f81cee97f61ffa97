import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

// SPEC §2: full-screen spinner, centred, light grey background, text Loading...
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center role="status" aria-live="polite" pos="fixed" inset={0} bg="gray.1" style={{ zIndex: 500 }}>
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed" fw={500}>
          {t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export function SectionSpinner() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
