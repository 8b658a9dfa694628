import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageMeta, ResponseStatus } from '@/components/page-meta.tsx';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page not found" noIndex />
      <ResponseStatus status={404} />
      <p className="text-sm font-semibold tracking-wider text-brand-600 uppercase">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600">
        Sorry, we couldn&apos;t find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Back to home</Link>
      </Button>
    </section>
  );
}
