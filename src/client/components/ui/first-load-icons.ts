import { createElement, type SVGProps } from 'react';

// The icons of the first load (header, footer, home page, page spinner), drawn as lucide-react
// draws them, with the same markup (first-load-icons.test.ts compares the two), but without
// lucide's icon machinery (about 2 kB gzip), which the lazily loaded parts still bring
// (docs/decisions/032-initial-load-and-cold-start.md). Their shapes are copied from lucide-react
// 1.75.0 (ISC licence); every other icon of the app comes from lucide-react itself.

type IconNode = [tag: string, attributes: Record<string, string>][];

/** A lucide icon with its shapes: 24 x 24, stroked in the current colour, hidden from assistive technology unless labelled. */
function icon(lucideClasses: string, node: IconNode) {
  return function Icon({ className, ...props }: SVGProps<SVGSVGElement>) {
    const isLabelled = Object.entries(props).some(([name, value]) => (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null);
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${lucideClasses} ${className}` : lucideClasses,
        ...(isLabelled ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  };
}

export const ArrowRight = icon('lucide lucide-arrow-right', [
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'm12 5 7 7-7 7' }],
]);
export const FileUp = icon('lucide lucide-file-up', [
  ['path', { d: 'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z' }],
  ['path', { d: 'M14 2v5a1 1 0 0 0 1 1h5' }],
  ['path', { d: 'M12 12v6' }],
  ['path', { d: 'm15 15-3-3-3 3' }],
]);
export const Flag = icon('lucide lucide-flag', [
  [
    'path',
    { d: 'M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528' },
  ],
]);
export const Handshake = icon('lucide lucide-handshake', [
  ['path', { d: 'm11 17 2 2a1 1 0 1 0 3-3' }],
  [
    'path',
    { d: 'm14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4' },
  ],
  ['path', { d: 'm21 3 1 11h-2' }],
  ['path', { d: 'M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3' }],
  ['path', { d: 'M3 4h8' }],
]);
export const LoaderCircle = icon('lucide lucide-loader-circle lucide-loader-2', [['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]]);
export const Menu = icon('lucide lucide-menu', [
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
]);
export const Rocket = icon('lucide lucide-rocket', [
  ['path', { d: 'M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5' }],
  ['path', { d: 'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09' }],
  ['path', { d: 'M9 12a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.4 22.4 0 0 1-4 2z' }],
  ['path', { d: 'M9 12H4s.55-3.03 2-4c1.62-1.08 5 .05 5 .05' }],
]);
