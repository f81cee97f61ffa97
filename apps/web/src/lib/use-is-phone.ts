import { useMediaQuery } from '@mantine/hooks';

// Below Mantine's `sm` breakpoint: lists become cards, segmented controls stretch, dialogs fill the screen
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}
