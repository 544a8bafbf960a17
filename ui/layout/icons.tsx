// The few icons of the site shell, inline (no icon library: every byte counts on a phone). All are
// decorative: the control that holds one carries the text or label.
const common = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" {...common} width="18" height="18" viewBox="0 0 24 24">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg aria-hidden="true" focusable="false" {...common} width="22" height="22" viewBox="0 0 24 24">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon({ size = 22 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" {...common} width={size} height={size} viewBox="0 0 24 24">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      {...common}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      className="chevron"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** The brand mark: a map pin, as in the favicon. */
export function BrandMark() {
  return (
    <svg aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path
        d="M16 6.5a7.5 7.5 0 0 0-7.5 7.5c0 5.4 7.5 11.5 7.5 11.5s7.5-6.1 7.5-11.5A7.5 7.5 0 0 0 16 6.5Z"
        fill="#fff"
      />
      <circle cx="16" cy="14" r="2.75" fill="#1d4ed8" />
    </svg>
  );
}
