import { Container } from '@mantine/core';
import type { CurrencyCode, ImageRef, TourCard as TourCardData } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@/config/paths';
import type { InsightEvent } from '@/lib/insight';
import { useInsightEvent } from '@/lib/use-insight-event';
import { ListingHero } from './listing-hero';
import { SectionHeader } from './section-header';
import { FilteredTours } from './tour-grid';

type SearchProps = Omit<Extract<InsightEvent, { kind: 'search' }>['props'], 'results'>;
type FilterOption = { url: string; name: string; toursCount: number };

type PlaceListingProps = {
  // what the page lists the tours of, in its country; its tours are filtered by the other kind
  kind: 'city' | 'category';
  place: { name: string; url: string; description?: string; heroImage?: ImageRef };
  country: { name: string; url: string };
  // the tours section's title, under the chosen chip if any
  title: (active?: FilterOption) => string;
  // the chips, the chosen one's url ('' for all), a chip's link, and whether the chosen one keeps a tour
  options: readonly FilterOption[];
  active: string;
  hrefOf: (url?: string) => string;
  keeps: (tour: TourCardData) => boolean;
  tours: readonly TourCardData[];
  currency: CurrencyCode;
};

// A place's listing page (a city, a category): the hero with its crumbs, then the tours under their filter chips
export function PlaceListing(props: PlaceListingProps) {
  const { kind, place, country, title, options, active, hrefOf, keeps, tours, currency } = props;
  const { t } = useTranslation();
  const activeOption = options.find((option) => option.url === active);
  const shown = active ? tours.filter(keeps) : tours;
  const chosen = activeOption?.url;
  const search: SearchProps =
    kind === 'city'
      ? { city: place.url, ...(chosen ? { category: chosen } : {}) }
      : { category: place.url, ...(chosen ? { city: chosen } : {}) };
  // issue 31: a listing (and its filter) is a search too
  useInsightEvent({ kind: 'search', props: { ...search, results: shown.length } });
  return (
    <>
      <ListingHero
        title={place.name}
        description={place.description}
        image={place.heroImage}
        crumbs={[
          { label: t('catalogue.crumbs.home'), to: paths.home.getHref() },
          { label: country.name, to: paths.country.getHref(country.url) },
          { label: place.name },
        ]}
      />
      <Container size="xl" py={{ base: 'xl', md: 48 }} component="section" aria-labelledby="tours-title">
        <SectionHeader
          id="tours-title"
          title={title(activeOption)}
          subtitle={t('catalogue.toursCount', { count: shown.length })}
        />
        <FilteredTours
          label={t(kind === 'city' ? 'catalogue.filters.category' : 'catalogue.filters.city')}
          all={{ label: t(kind === 'city' ? 'catalogue.filters.all' : 'catalogue.filters.allCities'), to: hrefOf() }}
          options={options}
          active={active}
          hrefOf={hrefOf}
          allCount={tours.length}
          tours={shown}
          currency={currency}
        />
      </Container>
    </>
  );
}
