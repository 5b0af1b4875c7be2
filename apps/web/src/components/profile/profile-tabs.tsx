'use client';

import { useSearchParams } from 'next/navigation';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { replaceAddressParam } from '@/client/behaviour/address-param';
import styles from './profile.module.css';

const TAB_PARAM = 'tab';

export interface ProfileTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs in the ARIA pattern: a tablist whose selected tab is the one in the tab order, arrow keys (and Home,
 * End) move between tabs and select them. A panel is mounted the first time its tab is chosen and then kept,
 * hidden, so switching back keeps what was loaded and where the list had got to. A tab that goes away (no
 * longer friends) hands the selection to the first one. The chosen tab is kept in the address (`?tab=`,
 * replacing the page's history entry), so Back from a post opened here finds the same tab, as does a reload.
 */
export function ProfileTabs({
  label,
  tabs,
  tools,
}: {
  label: string;
  tabs: readonly ProfileTab[];
  /** Controls for every panel (the grid/list toggle), at the end of the tabs' row, outside the tablist. */
  tools?: ReactNode;
}) {
  const baseId = useId();
  const asked = useSearchParams().get(TAB_PARAM);
  const tabAsked = () => (tabs.some((tab) => tab.id === asked) ? asked : tabs[0]?.id);
  const [chosen, setChosen] = useState(tabAsked);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(chosen ? [chosen] : []));
  // The address changed under a page that stayed mounted (Back to `/me?tab=friends` from `/me`): it wins.
  const [seenAsked, setSeenAsked] = useState(asked);
  if (asked !== seenAsked) {
    setSeenAsked(asked);
    const id = tabAsked();
    setChosen(id);
    if (id) setVisited((before) => (before.has(id) ? before : new Set([...before, id])));
  }
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const selected = tabs.some((tab) => tab.id === chosen) ? chosen : tabs[0]?.id;

  const select = (id: string, focus: boolean) => {
    setChosen(id);
    setVisited((before) => (before.has(id) ? before : new Set([...before, id])));
    if (focus) buttons.current.get(id)?.focus();
    replaceAddressParam(TAB_PARAM, id === tabs[0]?.id ? null : id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined || tabs.length === 0) return;
    event.preventDefault();
    const wrapped = tabs[(target + tabs.length) % tabs.length];
    if (wrapped) select(wrapped.id, true);
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  return (
    <>
      <div className={styles.tabsBar}>
        <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={tab.id === selected}
              // Only a mounted panel can be pointed at.
              aria-controls={tab.id === selected || visited.has(tab.id) ? panelId(tab.id) : undefined}
              tabIndex={tab.id === selected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id, false)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {tools}
      </div>
      {tabs.map((tab) =>
        tab.id === selected || visited.has(tab.id) ? (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            aria-labelledby={tabId(tab.id)}
            hidden={tab.id !== selected}
            className={styles.panel}
          >
            {tab.panel}
          </div>
        ) : null,
      )}
    </>
  );
}
