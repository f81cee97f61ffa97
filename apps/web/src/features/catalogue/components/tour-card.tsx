import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { CurrencyCode, FromPrice, TourCard as TourCardData } from '@portal/contract';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CityAndDuration } from './icon-text';
import { PricePair } from '@/components/money';
import { TourImage } from './tour-image';
import classes from './catalogue.module.css';

type TourCardProps = {
  tour: TourCardData;
  price: FromPrice | null;
  currency: CurrencyCode;
  sizes?: string;
};

const CARD_SIZES = '(min-width: 75em) 300px, (min-width: 48em) 45vw, 92vw';

export function TourCard({ tour, price, currency, sizes = CARD_SIZES }: TourCardProps) {
  const { t } = useTranslation();
  const category = tour.categories[0];

  return (
    <Card className={classes.card} padding={0} component="article" data-testid="tour-card" data-tour-id={tour.id}>
      <div className={classes.media}>
        <TourImage image={tour.heroImage} sizes={sizes} alt="" />
        <div className={classes.mediaBadges}>
          {category ? (
            <Badge variant="white" color="dark" radius="sm" size="sm">
              {category.name}
            </Badge>
          ) : (
            <span />
          )}
          {tour.isPromo && (
            <Badge color="orange.6" radius="sm" size="sm">
              {t('catalogue.card.promo')}
            </Badge>
          )}
        </div>
      </div>
      <Stack p="md" gap={8} flex={1}>
        <Group gap="md" c="dimmed" wrap="wrap" style={{ rowGap: 2 }}>
          <CityAndDuration tour={tour} size={15} />
        </Group>
        <Title order={3} fz="lg" lh={1.3} lineClamp={2}>
          <Link to={paths.tour.getHref(tour.id)} className={classes.cardLink}>
            {tour.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {tour.summary}
        </Text>
        <Group gap={6} mt="auto" pt={4}>
          {tour.hasInstantConfirmation ? (
            <Badge variant="light" color="teal" size="sm" tt="none" leftSection={<IconBolt size={12} />}>
              {t('catalogue.card.instant')}
            </Badge>
          ) : (
            <Badge variant="light" color="yellow" size="sm" tt="none">
              {t('catalogue.card.onRequest')}
            </Badge>
          )}
          {tour.hasPickUp && (
            <Badge variant="light" color="gray" size="sm" tt="none">
              {t('catalogue.card.pickUp')}
            </Badge>
          )}
        </Group>
        <Divider color="gray.2" />
        {price ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t(price.unit === 'trip' ? 'catalogue.price.fromPerTrip' : 'catalogue.price.fromPerPerson')}
            </Text>
            <PricePair
              published={price.recommended}
              net={price.net}
              currency={currency}
              size="md"
              testId={`tour-${tour.id}-from`}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('catalogue.price.onRequest')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
