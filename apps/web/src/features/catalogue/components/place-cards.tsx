import { SimpleGrid, Text } from '@mantine/core';
import type { CityCard, ImageRef } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { TourImage } from './tour-image';
import classes from './catalogue.module.css';

export type PlaceCardData = { key: string; name: string; to: string; image: ImageRef; toursCount: number };

// A city's tile, leading to its page
export function cityPlace(city: CityCard): PlaceCardData {
  return {
    key: String(city.id),
    name: city.name,
    to: paths.city.getHref({ country: city.countryUrl, city: city.url }),
    image: city.heroImage,
    toursCount: city.toursCount,
  };
}

// Cities (or categories) as photo tiles
export function PlaceCards({ places }: { places: readonly PlaceCardData[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {places.map((place) => (
        <Link key={place.key} to={place.to} className={classes.placeCard}>
          <TourImage image={place.image} sizes="(min-width: 75em) 240px, (min-width: 48em) 33vw, 50vw" alt="" />
          <div className={classes.placeCaption}>
            <Text fw={700} size="lg" lh={1.2}>
              {place.name}
            </Text>
            <Text size="sm" opacity={0.85}>
              {t('catalogue.toursCount', { count: place.toursCount })}
            </Text>
          </div>
        </Link>
      ))}
    </SimpleGrid>
  );
}
