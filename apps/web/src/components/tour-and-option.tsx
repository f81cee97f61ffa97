import { Text } from '@mantine/core';

// A booking's tour (two lines at most) and, under it, the option booked (one line, dimmed): a list row's or card's
// "what was booked". Cards set the tour a little bolder than table cells.
export function TourAndOption({ tour, option, weight = 500 }: { tour: string; option: string; weight?: 500 | 600 }) {
  return (
    <>
      <Text size="sm" fw={weight} lineClamp={2}>
        {tour}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {option}
      </Text>
    </>
  );
}
