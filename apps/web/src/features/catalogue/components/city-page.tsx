import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useInsightEvent } from '@/lib/use-insight-event';
import { useCityPage } from '../api/get-city-page';
import { ListingHero } from './listing-hero';
import { SectionHeader } from './section-header';
import { FilteredTours } from './tour-grid';

// SPEC §2 city page: the city's tours with a category filter
export function CityPage({ country, city, category }: { country: string; city: string; category: string }) {
  const { t } = useTranslation();
  const { data } = useCityPage(country, city);
  const activeCategory = data?.categories.find((c) => c.url === category);
  useDocumentPageTitle(data ? [activeCategory?.name, data.city.name].filter(Boolean).join(' · ') : undefined);
  const tours =
    data && category ? data.tours.filter((tour) => tour.categories.some((c) => c.url === category)) : data?.tours;
  // issue 31: a city's listing (and its category filter) is a search too
  useInsightEvent(
    data && tours
      ? {
          kind: 'search',
          props: {
            city: data.city.url,
            ...(activeCategory ? { category: activeCategory.url } : {}),
            results: tours.length,
          },
        }
      : null,
  );

  if (!data || !tours) return <SectionSpinner />;
  const cityHref = (categoryUrl?: string) =>
    paths.city.getHref({ country: data.country.url, city: data.city.url, category: categoryUrl });

  return (
    <>
      <ListingHero
        title={data.city.name}
        description={data.city.description}
        image={data.city.heroImage}
        crumbs={[
          { label: t('catalogue.crumbs.home'), to: paths.home.getHref() },
          { label: data.country.name, to: paths.country.getHref(data.country.url) },
          { label: data.city.name },
        ]}
      />
      <Container size="xl" py={{ base: 'xl', md: 48 }} component="section" aria-labelledby="tours-title">
        <SectionHeader
          id="tours-title"
          title={
            activeCategory
              ? t('catalogue.city.categoryIn', { category: activeCategory.name, city: data.city.name })
              : t('catalogue.city.tours', { city: data.city.name })
          }
          subtitle={t('catalogue.toursCount', { count: tours.length })}
        />
        <FilteredTours
          label={t('catalogue.filters.category')}
          all={{ label: t('catalogue.filters.all'), to: cityHref() }}
          options={data.categories}
          active={category}
          hrefOf={cityHref}
          allCount={data.tours.length}
          tours={tours}
          currency={data.currencyCode}
        />
      </Container>
    </>
  );
}
