import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useCountryPage } from '../api/get-country-page';
import { useAgentFromPrices } from '../api/get-tours';
import { FilterLinks } from '../components/filter-links';
import { ListingHero } from '../components/listing-hero';
import { PlaceCards } from '../components/place-cards';
import { SectionHeader } from '../components/section-header';
import { TourGrid } from '../components/tour-grid';

// SPEC §2 /[country]: the country's cities and tours, filtered by category (?category=…)
export function CountryRoute() {
  const { t } = useTranslation();
  const { country = '' } = useParams();
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category') ?? '';
  const { data } = useCountryPage(country.toLowerCase());
  const agentPrices = useAgentFromPrices();
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
              <PlaceCards
                places={data.cities.map((city) => ({
                  key: String(city.id),
                  name: city.name,
                  to: paths.city.getHref({ country: city.countryUrl, city: city.url }),
                  image: city.heroImage,
                  toursCount: city.toursCount,
                }))}
              />
            </section>
          )}
          <section aria-labelledby="tours-title">
            <SectionHeader id="tours-title" title={t('catalogue.country.tours')} />
            <Stack gap="lg">
              <FilterLinks
                label={t('catalogue.filters.category')}
                links={[
                  {
                    key: 'all',
                    label: t('catalogue.filters.all'),
                    to: countryHref,
                    count: data.tours.length,
                    isActive: category === '',
                  },
                  ...data.categories.map((c) => ({
                    key: c.url,
                    label: c.name,
                    to: `${countryHref}?${new URLSearchParams({ category: c.url }).toString()}`,
                    count: c.toursCount,
                    isActive: c.url === category,
                  })),
                ]}
              />
              <TourGrid
                tours={tours}
                currency={data.currencyCode}
                agentPrices={agentPrices}
                emptyText={t('catalogue.empty')}
              />
            </Stack>
          </section>
        </Stack>
      </Container>
    </>
  );
}
