// The site's links: real hrefs in server HTML, aria-current on the page's own navigation link, and
// only a plain left click handled by the app.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppLink, AppNavLink, isPlainLeftClick, LinkNavigationProvider } from './app-link.tsx';

function render(location: string, node: React.ReactNode): string {
  return renderToString(
    <StaticRouter location={location}>
      <LinkNavigationProvider>{node}</LinkNavigationProvider>
    </StaticRouter>,
  );
}

describe('AppLink', () => {
  it('renders an anchor with the path as href and escapes it', () => {
    const html = render(
      '/',
      <AppLink to={'/search?q=a&location="b"'} className="x">
        Go
      </AppLink>,
    );
    expect(html).toBe('<a href="/search?q=a&amp;location=&quot;b&quot;" class="x">Go</a>');
  });

  it('renders outside the router providers too (a plain link)', () => {
    expect(renderToString(<AppLink to="/cities">Cities</AppLink>)).toBe('<a href="/cities">Cities</a>');
  });
});

describe('AppNavLink', () => {
  const nav = (
    <>
      <AppNavLink to="/" end>
        Home
      </AppNavLink>
      <AppNavLink to="/cities">Cities</AppNavLink>
    </>
  );

  it('marks the link of the page being shown, and of pages below it unless `end`', () => {
    expect(render('/', nav)).toBe('<a href="/" aria-current="page">Home</a><a href="/cities">Cities</a>');
    expect(render('/cities', nav)).toBe(
      '<a href="/">Home</a><a href="/cities" aria-current="page">Cities</a>',
    );
    expect(render('/cities/x?page=2', nav)).toContain('<a href="/cities" aria-current="page">');
    expect(render('/citiesque', nav)).not.toContain('aria-current');
  });
});

describe('isPlainLeftClick', () => {
  const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
  it('leaves new-tab, new-window, download and other-frame clicks to the browser', () => {
    expect(isPlainLeftClick(click, undefined)).toBe(true);
    expect(isPlainLeftClick(click, '_self')).toBe(true);
    expect(isPlainLeftClick({ ...click, button: 1 }, undefined)).toBe(false);
    expect(isPlainLeftClick({ ...click, ctrlKey: true }, undefined)).toBe(false);
    expect(isPlainLeftClick({ ...click, metaKey: true }, undefined)).toBe(false);
    expect(isPlainLeftClick({ ...click, shiftKey: true }, undefined)).toBe(false);
    expect(isPlainLeftClick({ ...click, altKey: true }, undefined)).toBe(false);
    expect(isPlainLeftClick(click, '_blank')).toBe(false);
  });
});
