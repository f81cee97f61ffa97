import { useTranslation } from '@/lib/i18n';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useCategoryPage } from '../api/get-category-page';
import { PlaceListing } from './place-listing';

// A category across the UAE (/tourscategories/homepage/uae/{category}), filtered by city
export function CategoryPage({ category, city }: { category: string; city: string }) {
  const { t } = useTranslation();
  const { data } = useCategoryPage(category);
  const activeCity = data?.cities.find((c) => c.url === city);
  useDocumentPageTitle(data ? [data.category.name, activeCity?.name].filter(Boolean).join(' · ') : undefined);

  if (!data) return <SectionSpinner />;
  return (
    <PlaceListing
      kind="category"
      place={data.category}
      country={data.country}
      title={(active) =>
        active
          ? t('catalogue.city.categoryIn', { category: data.category.name, city: active.name })
          : t('catalogue.category.tours', { country: data.country.name })
      }
      options={data.cities}
      active={city}
      hrefOf={(cityUrl) => paths.city.getHref({ category: data.category.url, city: cityUrl })}
      keeps={(tour) => tour.city.url === city}
      tours={data.tours}
      currency={data.currencyCode}
    />
  );
}
