import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.js';

/**
 * A search box whose text the page's URL carries (browse, the directory): the box answers each key
 * at once, and `write` puts the text into the URL once typing pauses; a URL changed otherwise (back,
 * a link) is read back into the box.
 */
export function useUrlSearchText(urlText: string, write: (text: string) => void, delayMs: number): [string, (text: string) => void] {
  const [text, setText] = useState(urlText);
  const typed = useDebouncedValue(text.trim(), delayMs);
  const stillHere = useStillOnPage();
  useEffect(() => {
    if (typed !== urlText && stillHere()) write(typed);
    // Only a pause in typing writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  useEffect(() => {
    setText((current) => (current.trim() === urlText ? current : urlText));
  }, [urlText]);
  return [text, setText];
}

/**
 * Whether the browser is still on this page. A link followed while the next page loads leaves this
 * one on screen with the address already changed: a pause in typing then must not write this page's
 * URL back over it.
 */
export function useStillOnPage(): () => boolean {
  const { pathname } = useLocation();
  return () => typeof window === 'undefined' || window.location.pathname === pathname;
}
