// The detail page while it loads on a client-side navigation (never in server HTML).
export function BusinessSkeleton() {
  return (
    <main id="main" className="container bdetail">
      <span role="status" className="bcard-vh">
        Loading…
      </span>
      <div className="bdetail__hero" aria-hidden="true">
        <div className="bdetail__media bskel__media" />
        <div className="bdetail__summary bskel__body">
          <div className="bskel__line bskel__line--short" />
          <div className="bskel__line bskel__line--title" />
          <div className="bskel__line" />
          <div className="bskel__line" />
          <div className="bskel__line bskel__line--short" />
        </div>
      </div>
    </main>
  );
}
