import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApps, IconBolt, IconDiscount, IconWallet } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

const BENEFITS = [
  { key: 'rates', icon: IconDiscount },
  { key: 'availability', icon: IconBolt },
  { key: 'payments', icon: IconWallet },
  { key: 'widgets', icon: IconApps },
] as const;

export function Benefits() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py={{ base: 40, md: 64 }} component="section" aria-labelledby="benefits-title">
      <Title id="benefits-title" order={2} ta="center" mb={{ base: 'lg', md: 40 }}>
        {t('home.benefits.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {BENEFITS.map(({ key, icon: BenefitIcon }) => (
          <Stack key={key} gap="xs" p="lg" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
            <ThemeIcon size={44} radius="md" variant="light">
              <BenefitIcon size={24} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {t(`home.benefits.${key}.title`)}
            </Text>
            <Text c="dimmed" size="sm">
              {t(`home.benefits.${key}.text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
