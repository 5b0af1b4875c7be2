import { notFound } from 'next/navigation';

// Unknown paths answer 404 with the localized not-found page inside the application wrapper. (Next renders a
// notFound() thrown below a dynamic root layout on the client; the status is set on the server.)
export default function UnknownPage(): never {
  notFound();
}
