import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function DestinationSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    void navigate(paths.city.getHref({ q }));
  };

  return (
    <form role="search" onSubmit={handleSubmit}>
      <Group gap="xs" wrap="nowrap" align="stretch">
        <TextInput
          flex={1}
          size="lg"
          radius="md"
          aria-label={t('home.search.label')}
          placeholder={t('home.search.placeholder')}
          leftSection={<IconSearch size={20} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Button type="submit" size="lg" color="orange.6" px={{ base: 'md', sm: 'xl' }}>
          {t('home.search.submit')}
        </Button>
      </Group>
    </form>
  );
}
