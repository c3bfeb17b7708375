import { Fragment } from 'react';

// A web address in text someone typed: http(s):// up to whitespace or a character that cannot end one.
const ADDRESS = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that usually closes the sentence around an address rather than belonging to it.
const TRAILING = /[.,;:!?)\]}]+$/;

export type TextPart = { text: string } | { text: string; href: string };

/**
 * Splits typed text into plain parts and web addresses. Only http and https addresses that parse
 * become links (never javascript:, data: or a relative path); everything else stays text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    // Keep a closing parenthesis that the address itself opened (Wikipedia-style links).
    const keep = trailing.startsWith(')') && address.includes('(') ? 1 : 0;
    address = address.slice(0, address.length - trailing.length + keep);
    const start = match.index;
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Typed text (evidence, a delivery message) with its web addresses as links that open in a new tab. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-primary underline underline-offset-2 [overflow-wrap:anywhere] hover:no-underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
