// The panel's tabs in the ARIA tabs pattern: one tab in the Tab order (roving tabindex), arrows,
// Home and End move and select (panels are cheap to show), each panel labelled by its tab.
import { type KeyboardEvent, useRef } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A count shown beside the label (things waiting there), with its words for screen readers. */
  badge?: { count: number; text: string };
}

export interface TabListProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  idPrefix: string;
}

export const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
export const panelId = (prefix: string, key: string) => `${prefix}-panel-${key}`;

export function TabList<K extends string>({ label, tabs, selected, onSelect, idPrefix }: TabListProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="admin-tablist">
      {tabs.map((tab, index) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-selected={isSelected}
            aria-controls={panelId(idPrefix, tab.key)}
            tabIndex={isSelected ? 0 : -1}
            className="admin-tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
            {tab.badge && tab.badge.count > 0 && (
              <>
                {' '}
                <span className="admin-badge admin-badge-pending" aria-hidden="true">
                  {tab.badge.count.toLocaleString('en-US')}
                </span>
                <span className="admin-visually-hidden"> {tab.badge.text}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
