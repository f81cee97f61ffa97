import { useEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import classes from './catalogue.module.css';

export type FilterLink = { key: string; label: string; to: string; count?: number; isActive: boolean };

// Filters are links: the filter lives in the URL, so it survives a reload and can be shared
export function FilterLinks({ label, links }: { label: string; links: readonly FilterLink[] }) {
  const row = useRef<HTMLDivElement>(null);
  const activeKey = links.find((link) => link.isActive)?.key;

  // On phones the row scrolls sideways: bring the active filter into view
  useEffect(() => {
    const container = row.current;
    const active = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !active || container.scrollWidth <= container.clientWidth) return;
    container.scrollLeft = active.offsetLeft - (container.clientWidth - active.offsetWidth) / 2;
  }, [activeKey]);

  return (
    <div ref={row} className={classes.chipRow} role="group" aria-label={label}>
      {links.map((link) => (
        <Button
          key={link.key}
          component={Link}
          to={link.to}
          replace
          preventScrollReset
          radius="xl"
          size="compact-md"
          fw={link.isActive ? 600 : 500}
          variant={link.isActive ? 'filled' : 'default'}
          aria-current={link.isActive ? 'true' : undefined}
          rightSection={
            link.count === undefined ? undefined : (
              <span style={{ opacity: 0.7, fontSize: 12, fontWeight: 500 }}>{link.count}</span>
            )
          }
        >
          {link.label}
        </Button>
      ))}
    </div>
  );
}
