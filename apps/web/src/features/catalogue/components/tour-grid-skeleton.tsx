import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

export function TourGridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} padding={0}>
          <Skeleton style={{ aspectRatio: '16 / 10' }} radius={0} />
          <Stack p="md" gap="sm">
            <Skeleton height={12} width="50%" />
            <Skeleton height={18} />
            <Skeleton height={12} width="80%" />
            <Skeleton height={32} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
