import { useState } from 'react';
import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLayoutInfo } from '@/lib/layout-info';

type SiteLogoProps = { height?: number; linked?: boolean };

export function SiteLogo({ height = 36, linked = true }: SiteLogoProps) {
  const { t } = useTranslation();
  const { data } = useLayoutInfo();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = data?.site.name ?? t('common.appName');
  const src = data?.hostData.mainLogo;

  const content =
    src && failedSrc !== src ? (
      <Image src={src} alt={name} h={height} w="auto" fit="contain" onError={() => setFailedSrc(src)} />
    ) : (
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={height} radius="md">
          <IconMap2 size={Math.round(height * 0.6)} />
        </ThemeIcon>
        <Text fw={800} size="lg" c="brand.8" lh={1.1} visibleFrom="xs">
          {name}
        </Text>
      </Group>
    );

  if (!linked) return content;
  return (
    <Link to={paths.home.getHref()} aria-label={name} style={{ display: 'inline-flex', textDecoration: 'none' }}>
      {content}
    </Link>
  );
}
