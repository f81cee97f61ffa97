import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useLayoutInfo } from '@/lib/layout-info';
import { CategoryPage } from '../components/category-page';
import { CityPage } from '../components/city-page';
import { SearchResults } from '../components/search-results';

// The demo catalogue (and SPEC §7's category call) is the UAE's
const DEFAULT_COUNTRY = 'uae';

// /city is the city page (?country=&city=, filtered by ?category=), the category page (?category=, filtered by
// ?city=) and the search results (?q=). `name` is the older spelling of a city.
export function CityRoute() {
  const [searchParams] = useSearchParams();
  const read = (key: string) => searchParams.get(key)?.trim().toLowerCase() ?? '';
  const country = read('country');
  const city = read('city') || read('name');
  const category = read('category');
  const q = searchParams.get('q')?.trim() ?? '';
  // a site variant without search (a partner's) has no search page either, whatever the URL says
  const hasSearch = useLayoutInfo().data?.site.features.search !== false;

  if (country && city) return <CityPage country={country} city={city} category={category} />;
  if (category) return <CategoryPage category={category} city={city} />;
  if (city) return <CityPage country={DEFAULT_COUNTRY} city={city} category="" />;
  if (q) return hasSearch ? <SearchResults query={q} /> : <Navigate to={paths.notFound.getHref()} replace />;
  return <Navigate to={paths.country.getHref(DEFAULT_COUNTRY)} replace />;
}
