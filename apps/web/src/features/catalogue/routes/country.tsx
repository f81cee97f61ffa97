import { Container, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useCountryPage } from '../api/get-country-page';
import { ListingHero } from '../components/listing-hero';
import { PlaceCards, cityPlace } from '../components/place-cards';
import { SectionHeader } from '../components/section-header';
import { FilteredTours } from '../components/tour-grid';

// SPEC §2 /[country]: the country's cities and tours, filtered by category (?category=…)
export function CountryRoute() {
  const { t } = useTranslation();
  const { country = '' } = useParams();
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category') ?? '';
  const { data } = useCountryPage(country.toLowerCase());
  useDocumentPageTitle(data?.country.name);

  if (!data) return <SectionSpinner />;
  const tours = category ? data.tours.filter((tour) => tour.categories.some((c) => c.url === category)) : data.tours;
  const countryHref = paths.country.getHref(data.country.url);

  return (
    <>
      <ListingHero
        title={data.country.name}
        description={data.country.description}
        image={data.country.heroImage}
        crumbs={[{ label: t('catalogue.crumbs.home'), to: paths.home.getHref() }, { label: data.country.name }]}
      />
      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <Stack gap={48}>
          {data.cities.length > 0 && (
            <section aria-labelledby="cities-title">
              <SectionHeader id="cities-title" title={t('catalogue.country.cities')} />
              <PlaceCards places={data.cities.map(cityPlace)} />
            </section>
          )}
          <section aria-labelledby="tours-title">
            <SectionHeader id="tours-title" title={t('catalogue.country.tours')} />
            <FilteredTours
              label={t('catalogue.filters.category')}
              all={{ label: t('catalogue.filters.all'), to: countryHref }}
              options={data.categories}
              active={category}
              hrefOf={(url) => `${countryHref}?${new URLSearchParams({ category: url }).toString()}`}
              allCount={data.tours.length}
              tours={tours}
              currency={data.currencyCode}
            />
          </section>
        </Stack>
      </Container>
    </>
  );
}
