import { Button, Stack, Text } from '@mantine/core';
import type { CategoryCard } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './catalogue.module.css';

// The category half of the home page's search (SPEC §2)
export function CategoryChips({ categories }: { categories: readonly CategoryCard[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="categories-title">
      <Text id="categories-title" component="h2" fw={700} size="sm" tt="uppercase" lts={0.6} c="brand.1">
        {t('catalogue.home.categories')}
      </Text>
      <div className={classes.chipRow}>
        {categories.map((category) => (
          <Button
            key={category.id}
            component={Link}
            to={paths.city.getHref({ category: category.url })}
            variant="white"
            color="brand.8"
            radius="xl"
            size="sm"
          >
            {category.name}
          </Button>
        ))}
      </div>
    </Stack>
  );
}
