import { Button, Group, Stack, Text } from '@mantine/core';
import type { LayoutInfo } from '@portal/contract';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/locale';

type TopDestinationsProps = { destinations: LayoutInfo['site']['topDestinations']; tone: 'onBrand' | 'onLight' };

export function TopDestinations({ destinations, tone }: TopDestinationsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  if (destinations.length === 0) return null;
  const isOnBrand = tone === 'onBrand';

  return (
    <Stack gap="xs" component="section" aria-labelledby="top-destinations-title">
      <Text
        id="top-destinations-title"
        component="h2"
        fw={700}
        size="sm"
        tt="uppercase"
        lts={0.6}
        c={isOnBrand ? 'brand.1' : 'dimmed'}
      >
        {t('home.topDestinations')}
      </Text>
      <Group gap="xs">
        {destinations.map((destination) => (
          <Button
            key={destination.slug}
            component={Link}
            to={paths.city.getHref({ city: destination.slug })}
            variant={isOnBrand ? 'white' : 'light'}
            color={isOnBrand ? 'brand.8' : 'brand'}
            radius="xl"
            size="sm"
            leftSection={<IconMapPin size={16} />}
          >
            {language === 'ru' ? destination.nameRu : destination.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
