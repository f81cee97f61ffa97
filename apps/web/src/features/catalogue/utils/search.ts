import type { CategoryCard, CityCard, TourCard } from '@portal/contract';

export function normalize(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ё/g, 'е');
}

function words(query: string): string[] {
  return normalize(query)
    .split(/[\s,.;:!?-]+/)
    .filter((word) => word.length > 0);
}

const matchesAll = (haystack: string, needles: readonly string[]) =>
  needles.length > 0 && needles.every((word) => haystack.includes(word));

// A tour matches when every word of the query is in its title, summary, city or categories
export function searchTours(tours: readonly TourCard[], query: string): TourCard[] {
  const needles = words(query);
  return tours.filter((tour) =>
    matchesAll(
      normalize([tour.title, tour.summary, tour.city.name, ...tour.categories.map((c) => c.name)].join(' ')),
      needles,
    ),
  );
}

// Cities and categories that a word of the query names: "desert safari dubai" → Desert safaris, Dubai
export function searchPlaces<T extends CityCard | CategoryCard>(places: readonly T[], query: string): T[] {
  const needles = words(query).filter((word) => word.length >= 3);
  if (needles.length === 0) return [];
  return places.filter((place) => {
    const names = words(`${place.name} ${place.url}`).filter((word) => word.length >= 3);
    return needles.some((needle) =>
      names.some((name) => name.startsWith(needle) || (name.length >= 4 && needle.startsWith(name))),
    );
  });
}
