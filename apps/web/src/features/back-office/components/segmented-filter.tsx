import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useIsPhone } from '@/lib/use-is-phone';

type SegmentedFilterProps = Omit<SegmentedControlProps, 'onChange' | 'size'> & {
  // the segment that filters nothing: choosing it clears the filter (it is not kept in the address)
  unset: string;
  onChange: (value: string | undefined) => void;
};

// A list's filter as segments, smaller on a phone
export function SegmentedFilter({ unset, onChange, ...props }: SegmentedFilterProps) {
  const isPhone = useIsPhone();
  return (
    <SegmentedControl
      size={isPhone ? 'xs' : 'sm'}
      {...props}
      onChange={(value) => onChange(value === unset ? undefined : value)}
    />
  );
}
