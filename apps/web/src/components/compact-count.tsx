import { useLocale } from 'next-intl';
import { formatCount } from '@/client/behaviour/compact-count';

/** A count in the compact format of the interface language (docs/product.md §9), e.g. 1.2K; the exact number on hover. */
export function CompactCount({ value }: { value: number }) {
  const locale = useLocale();
  return <data value={value}>{formatCount(value, locale)}</data>;
}
