// About (/about): what the directory is, where its data comes from, and "How it works" (the home
// page's 'Watch Demo' leads to that section).
import { AppLink } from '../../components/app-link.tsx';
import { useSiteConfig } from '../../site-config.ts';
import { StaticPage } from './static-page.tsx';

export function AboutPage() {
  const site = useSiteConfig();
  return (
    <StaticPage
      title="About Us"
      path="/about"
      description={`About ${site.siteName}: a free directory of local businesses with ratings, opening hours, phone numbers and directions, and how to use it.`}
      lead={`${site.siteName} helps you find local businesses and services, free of charge.`}
    >
      <section aria-labelledby="about-mission">
        <h2 id="about-mission">What we do</h2>
        <p>
          We bring together listings of local businesses, from restaurants and clinics to garages, salons and
          tradespeople, so that you can find the right one in a few seconds. Each listing shows the business’s
          category, address, phone number, rating, opening hours and whether it is open now.
        </p>
      </section>
      <section aria-labelledby="about-data">
        <h2 id="about-data">Where the information comes from</h2>
        <p>
          The listings were collected from public online sources. The directory is free to use, and while we
          keep it as up to date as we can, details may be inaccurate or out of date: please check with the
          business before you rely on them. Ratings and review counts come from other sites and are shown for
          guidance only.
        </p>
      </section>
      <section id="how-it-works" aria-labelledby="about-how">
        <h2 id="about-how">How it works</h2>
        <ol className="static-page__steps">
          <li>
            <strong>Search.</strong> On the <AppLink to="/">home page</AppLink>, type the service you need
            and, if you like, where you are located, then choose Discover.
          </li>
          <li>
            <strong>Compare.</strong> Results show ratings, addresses and which businesses are open now. You
            can also <AppLink to="/businesses">browse all businesses</AppLink>, or explore by{' '}
            <AppLink to="/cities">city</AppLink> and <AppLink to="/categories">category</AppLink>.
          </li>
          <li>
            <strong>Get in touch.</strong> Open a business to see its opening hours for the week, call it with
            one tap or get directions on a map.
          </li>
        </ol>
      </section>
      <section aria-labelledby="about-owners">
        <h2 id="about-owners">For business owners</h2>
        <p>
          Is your business missing or are its details wrong?{' '}
          <AppLink to="/add-business">Add your business</AppLink> for free; we review every submission before
          it is published. To reach more customers, see <AppLink to="/advertise">advertising with us</AppLink>
          .
        </p>
      </section>
      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Contact</h2>
        <p>
          Questions or corrections? <AppLink to="/contact">Contact us</AppLink>, or write to{' '}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
        </p>
      </section>
    </StaticPage>
  );
}
