import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useInsightEvent } from '@/lib/use-insight-event';
import { useCategoryPage } from '../api/get-category-page';
import { ListingHero } from './listing-hero';
import { SectionHeader } from './section-header';
import { FilteredTours } from './tour-grid';

// A category across the UAE (/tourscategories/homepage/uae/{category}), filtered by city
export function CategoryPage({ category, city }: { category: string; city: string }) {
  const { t } = useTranslation();
  const { data } = useCategoryPage(category);
  const activeCity = data?.cities.find((c) => c.url === city);
  useDocumentPageTitle(data ? [data.category.name, activeCity?.name].filter(Boolean).join(' · ') : undefined);
  const tours = data && city ? data.tours.filter((tour) => tour.city.url === city) : data?.tours;
  // issue 31: a category's listing (and its city filter) is a search too
  useInsightEvent(
    data && tours
      ? {
          kind: 'search',
          props: {
            category: data.category.url,
            ...(activeCity ? { city: activeCity.url } : {}),
            results: tours.length,
          },
        }
      : null,
  );

  if (!data || !tours) return <SectionSpinner />;
  const categoryHref = (cityUrl?: string) => paths.city.getHref({ category: data.category.url, city: cityUrl });

  return (
    <>
      <ListingHero
        title={data.category.name}
        description={data.category.description}
        image={data.category.heroImage}
        crumbs={[
          { label: t('catalogue.crumbs.home'), to: paths.home.getHref() },
          { label: data.country.name, to: paths.country.getHref(data.country.url) },
          { label: data.category.name },
        ]}
      />
      <Container size="xl" py={{ base: 'xl', md: 48 }} component="section" aria-labelledby="tours-title">
        <SectionHeader
          id="tours-title"
          title={
            activeCity
              ? t('catalogue.city.categoryIn', { category: data.category.name, city: activeCity.name })
              : t('catalogue.category.tours', { country: data.country.name })
          }
          subtitle={t('catalogue.toursCount', { count: tours.length })}
        />
        <FilteredTours
          label={t('catalogue.filters.city')}
          all={{ label: t('catalogue.filters.allCities'), to: categoryHref() }}
          options={data.cities}
          active={city}
          hrefOf={categoryHref}
          allCount={data.tours.length}
          tours={tours}
          currency={data.currencyCode}
        />
      </Container>
    </>
  );
}
