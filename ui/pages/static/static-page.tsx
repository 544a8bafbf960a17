// The frame of the static pages (About, Contact, Privacy Policy, Terms of Service, Advertise With
// Us): their meta tags, the page title and a readable column of text.
import type { ReactNode } from 'react';
import { PageMeta } from '../../components/page-meta.tsx';

export interface StaticPageProps {
  /** The <h1>; also the document title (PageMeta adds the brand). */
  title: string;
  description: string;
  path: string;
  lead?: ReactNode;
  /** A line under the title such as "Last updated: …". */
  meta?: ReactNode;
  children: ReactNode;
}

export function StaticPage({ title, description, path, lead, meta, children }: StaticPageProps) {
  return (
    <main id="main" className="static-page">
      <PageMeta title={title} description={description} canonicalPath={path} />
      <header className="static-page__header">
        <div className="container static-page__column">
          <h1>{title}</h1>
          {lead && <p className="static-page__lead">{lead}</p>}
          {meta && <p className="static-page__meta">{meta}</p>}
        </div>
      </header>
      <div className="container static-page__column static-page__body">{children}</div>
    </main>
  );
}
