import { Anchor, Box, Breadcrumbs, Container, Text, Title } from '@mantine/core';
import type { ImageRef } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TourImage } from './tour-image';
import classes from './catalogue.module.css';

export type Crumb = { label: string; to?: string };

type ListingHeroProps = {
  title: string;
  description?: string;
  image?: ImageRef;
  crumbs: readonly Crumb[];
  children?: ReactNode;
};

export function ListingHero({ title, description, image, crumbs, children }: ListingHeroProps) {
  return (
    <Box className={image ? classes.hero : classes.brandHero} py={{ base: 28, md: 48 }}>
      {image && (
        <>
          <TourImage image={image} sizes="100vw" isPriority className={classes.heroImage} alt="" />
          <div className={classes.heroShade} />
        </>
      )}
      <Container size="xl" className={classes.heroContent}>
        <Breadcrumbs separator="›" mb="sm" styles={{ separator: { color: 'var(--mantine-color-brand-1)' } }}>
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} c="brand.0" size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="white" fw={600} aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15}>
          {title}
        </Title>
        {description && (
          <Text size="lg" c="brand.0" mt="xs" maw={720}>
            {description}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
