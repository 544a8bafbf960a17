// The side drawer that replaces the header's menu on small screens (§2, §4: open or closed). A
// modal dialog: focus moves in when it opens (to its close button), stays inside while it is open,
// and goes back to the menu button when it closes; Escape or the backdrop closes it; choosing a link
// closes it; the page behind does not scroll. Closed, it is `visibility: hidden` (out of the
// accessibility tree and the tab order) but its links stay in the HTML.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { AppLink, AppNavLink } from '../components/app-link.tsx';
import { useSiteConfig } from '../site-config.ts';
import { CloseIcon } from './icons.tsx';
import {
  ABOUT_ITEM,
  ALL_CITIES_ITEM,
  BROWSE_ITEM,
  CONTACT_ITEM,
  HEADER_CATEGORY_ITEMS,
  HOME_ITEM,
  type NavItem,
} from './navigation.ts';
import { cityPath } from '../../server/contract/paths.ts';

export const DRAWER_ID = 'site-drawer';

export interface MobileDrawerProps {
  open: boolean;
  /** Closes the drawer and gives focus back to its menu button (a page that opens then takes it). */
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const site = useSiteConfig();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    // The page behind a modal drawer must not scroll under the finger.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    // Keep Tab inside the dialog: from the last control back to the first, and the other way.
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const chooseLink = () => onClose();
  const item = ({ label, to }: NavItem) => (
    <li key={to}>
      <AppNavLink to={to} end={to === '/'} className="drawer__link" onClick={chooseLink}>
        {label}
      </AppNavLink>
    </li>
  );

  return (
    <div className={open ? 'drawer drawer--open' : 'drawer'}>
      {/* Pointer users close it by tapping beside it; keyboard users have Escape and the close button. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a backdrop, not a control */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the drawer from anywhere in it */}
      <div className="drawer__backdrop" onClick={() => onClose()} />
      <div
        ref={panelRef}
        id={DRAWER_ID}
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${DRAWER_ID}-title`}
        onKeyDown={onKeyDown}
      >
        <div className="drawer__head">
          <p id={`${DRAWER_ID}-title`} className="drawer__title">
            Menu
          </p>
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label="Close menu"
            onClick={() => onClose()}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="drawer__nav" aria-label="Mobile">
          <ul className="drawer__list">{[HOME_ITEM, BROWSE_ITEM].map(item)}</ul>
          <p className="drawer__heading" id={`${DRAWER_ID}-categories`}>
            Categories
          </p>
          <ul className="drawer__list drawer__list--sub" aria-labelledby={`${DRAWER_ID}-categories`}>
            {HEADER_CATEGORY_ITEMS.map(item)}
          </ul>
          <p className="drawer__heading" id={`${DRAWER_ID}-cities`}>
            Cities
          </p>
          <ul className="drawer__list drawer__list--sub" aria-labelledby={`${DRAWER_ID}-cities`}>
            {site.headerCities.map((city) => item({ label: city, to: cityPath(city) }))}
            {item(ALL_CITIES_ITEM)}
          </ul>
          <ul className="drawer__list">{[ABOUT_ITEM, CONTACT_ITEM].map(item)}</ul>
          <p className="drawer__cta">
            <AppLink to="/add-business" className="btn btn--primary" onClick={chooseLink}>
              Add Your Business
            </AppLink>
          </p>
        </nav>
      </div>
    </div>
  );
}
