import type { ReactNode } from 'react';
import { Button, Container, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { NoticeAlert } from './notice-alert';

// In place of a page the user may not open: why, and the way home (the server refuses the page's calls the same)
export function AccessDenied({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <NoticeAlert color="yellow" icon={IconLock} iconSize={20} testId={testId}>
        <Stack gap="sm" align="flex-start">
          {children}
          <Button component={Link} to={paths.home.getHref()} variant="light" size="xs">
            {t('common.goHome')}
          </Button>
        </Stack>
      </NoticeAlert>
    </Container>
  );
}
