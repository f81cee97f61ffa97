import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLayoutInfo } from '@/lib/layout-info';

// The home page's hero for visitors, in plain elements styled by app/global.css (.home-*): the server's first HTML
// draws the same elements with the same classes before any script (apps/api/src/modules/web/shell-tags.tsx), so the
// app's first render replaces them with text of the same size, in the same place (issue 32: home's LCP).
export function HomeHero({ withoutSearch, children }: { withoutSearch: boolean; children: ReactNode }) {
  return (
    <section className="home-hero">
      <div className={withoutSearch ? 'home-hero-grid without-search' : 'home-hero-grid'} data-testid="home-hero">
        {children}
      </div>
    </section>
  );
}

export function HomeIntro() {
  const { t } = useTranslation();
  return (
    <div className="home-intro" data-testid="home-intro">
      <p className="home-eyebrow">{t('home.eyebrow')}</p>
      <h1 className="home-title">{t('home.title')}</h1>
      <p className="home-sentence">{t('home.description')}</p>
    </div>
  );
}

// While the visitor's home page loads for the first time: the hero as the server drew it, its login card to come
export function HomeHeroPreview() {
  const { data } = useLayoutInfo();
  const features = data?.site.features;
  return (
    <div role="status" aria-busy="true">
      <HomeHero withoutSearch={features?.search !== true && features?.topDestinations !== true}>
        <HomeIntro />
        <div className="home-login" />
      </HomeHero>
    </div>
  );
}
