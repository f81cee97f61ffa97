import { Group, Text } from '@mantine/core';
import { IconClock, IconMapPin, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// A small icon followed by a line of text: the facts row of tour cards and the tour header.
export function IconText({ icon: IconComponent, size, children }: { icon: Icon; size: number; children: ReactNode }) {
  return (
    <Group gap={size > 15 ? 6 : 4} wrap="nowrap">
      <IconComponent size={size} aria-hidden />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

type TourPlace = { city: { name: string }; durationText: string };

// Where the tour is and how long it takes, first in its facts row
export function CityAndDuration({ tour, size }: { tour: TourPlace; size: number }) {
  return (
    <>
      <IconText icon={IconMapPin} size={size}>
        {tour.city.name}
      </IconText>
      <IconText icon={IconClock} size={size}>
        {tour.durationText}
      </IconText>
    </>
  );
}
