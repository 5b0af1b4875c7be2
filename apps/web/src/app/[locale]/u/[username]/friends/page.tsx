import type { Metadata } from 'next';
import { CountListPage, type CountListPageProps, countListMetadata } from '../count-list-page';

export const generateMetadata = ({ params }: CountListPageProps): Promise<Metadata> =>
  countListMetadata(params, 'friends');

export default function Page({ params }: CountListPageProps) {
  return <CountListPage params={params} kind="friends" />;
}
