import { useTranslation } from '@/lib/i18n';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useCityPage } from '../api/get-city-page';
import { PlaceListing } from './place-listing';

// SPEC §2 city page: the city's tours with a category filter
export function CityPage({ country, city, category }: { country: string; city: string; category: string }) {
  const { t } = useTranslation();
  const { data } = useCityPage(country, city);
  const activeCategory = data?.categories.find((c) => c.url === category);
  useDocumentPageTitle(data ? [activeCategory?.name, data.city.name].filter(Boolean).join(' · ') : undefined);

  if (!data) return <SectionSpinner />;
  return (
    <PlaceListing
      kind="city"
      place={data.city}
      country={data.country}
      title={(active) =>
        active
          ? t('catalogue.city.categoryIn', { category: active.name, city: data.city.name })
          : t('catalogue.city.tours', { city: data.city.name })
      }
      options={data.categories}
      active={category}
      hrefOf={(categoryUrl) =>
        paths.city.getHref({ country: data.country.url, city: data.city.url, category: categoryUrl })
      }
      keeps={(tour) => tour.categories.some((c) => c.url === category)}
      tours={data.tours}
      currency={data.currencyCode}
    />
  );
}
