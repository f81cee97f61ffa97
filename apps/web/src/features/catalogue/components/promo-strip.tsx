import { useRef } from 'react';
import type { ReactNode } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import type { CurrencyCode, TourCard as TourCardData } from '@portal/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { EmptyState } from './empty-state';
import { SectionHeader } from './section-header';
import { TourCard } from './tour-card';
import classes from './catalogue.module.css';

type PromoStripProps = {
  id: string;
  title: string;
  subtitle: string;
  tours: readonly TourCardData[] | undefined;
  currency: CurrencyCode;
  fallback: ReactNode;
};

// Promoted tours from /b2b/tours/promo (net prices included), scrolled sideways
export function PromoStrip({ id, title, subtitle, tours, currency, fallback }: PromoStripProps) {
  const { t } = useTranslation();
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) =>
    strip.current?.scrollBy({ left: direction * strip.current.clientWidth, behavior: 'smooth' });

  return (
    <>
      <SectionHeader id={id} title={title} subtitle={subtitle}>
        {tours && tours.length > 1 && (
          <Group gap="xs">
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              onClick={() => scroll(-1)}
              aria-label={t('catalogue.home.scrollBack')}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              onClick={() => scroll(1)}
              aria-label={t('catalogue.home.scrollForward')}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        )}
      </SectionHeader>
      {!tours && fallback}
      {tours && tours.length === 0 && <EmptyState text={t('catalogue.empty')} />}
      {tours && tours.length > 0 && (
        <div ref={strip} className={classes.strip} role="list" tabIndex={0} aria-labelledby={id}>
          {tours.map((tour) => (
            <div key={tour.id} role="listitem">
              <TourCard
                tour={tour}
                price={tour.fromPrice}
                currency={currency}
                sizes="(min-width: 75em) 300px, (min-width: 48em) 33vw, 82vw"
              />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
