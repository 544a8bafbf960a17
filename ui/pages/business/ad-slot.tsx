// §9: the 300×250 advertising slot. Its box is reserved at a fixed size in CSS, so whatever fills it
// later cannot shift the page; until then it invites advertisers.
import { AppLink } from '../../components/app-link.tsx';

export function AdSlot() {
  return (
    <aside className="bdetail-ad" aria-label="Advertisement">
      <p className="bdetail-ad__label">Advertisement</p>
      <div className="bdetail-ad__box">
        <AppLink to="/advertise">Advertise With Us</AppLink>
      </div>
    </aside>
  );
}
