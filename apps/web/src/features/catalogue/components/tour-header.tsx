import { Anchor, Badge, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { TourDetails } from '@portal/contract';
import { IconBolt, IconBus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CityAndDuration, IconText } from './icon-text';

const SECTIONS = ['options', 'overview', 'itinerary', 'terms', 'faq'] as const;

export function TourHeader({ tour }: { tour: TourDetails }) {
  const { t } = useTranslation();
  return (
    <div>
      <Breadcrumbs separator="›" mb="sm" styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        <Anchor component={Link} to={paths.home.getHref()} size="sm">
          {t('catalogue.crumbs.home')}
        </Anchor>
        <Anchor component={Link} to={paths.country.getHref(tour.country.url)} size="sm">
          {tour.country.name}
        </Anchor>
        <Anchor component={Link} to={paths.city.getHref({ country: tour.country.url, city: tour.city.url })} size="sm">
          {tour.city.name}
        </Anchor>
        {tour.categories[0] && (
          <Anchor component={Link} to={paths.city.getHref({ category: tour.categories[0].url })} size="sm">
            {tour.categories[0].name}
          </Anchor>
        )}
      </Breadcrumbs>
      <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2}>
        {tour.title}
      </Title>
      <Text c="dimmed" size="lg" mt={6} maw={820}>
        {tour.summary}
      </Text>
      <Group gap="md" mt="sm" c="gray.7" style={{ rowGap: 6 }}>
        <CityAndDuration tour={tour} size={17} />
        {tour.hasPickUp && (
          <IconText icon={IconBus} size={17}>
            {t('catalogue.card.pickUp')}
          </IconText>
        )}
        {tour.hasInstantConfirmation ? (
          <Badge variant="light" color="teal" leftSection={<IconBolt size={12} />}>
            {t('catalogue.card.instant')}
          </Badge>
        ) : (
          <Badge variant="light" color="yellow">
            {t('catalogue.card.onRequest')}
          </Badge>
        )}
      </Group>
      <Group component="nav" aria-label={t('catalogue.tour.sections')} gap="lg" mt="md" visibleFrom="sm">
        {SECTIONS.map((section) => (
          <Anchor key={section} href={`#${section}`} size="sm" fw={600}>
            {t(`catalogue.tour.${section}`)}
          </Anchor>
        ))}
      </Group>
    </div>
  );
}
