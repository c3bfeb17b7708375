import * as lucide from 'lucide-react';
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as firstLoadIcons from './first-load-icons.js';

describe('the icons of the first load', () => {
  it('render the markup lucide-react renders, with and without a class or label', () => {
    const names = Object.keys(firstLoadIcons) as (keyof typeof firstLoadIcons)[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const ours = firstLoadIcons[name] as ComponentType<SVGProps<SVGSVGElement>>;
      const theirs = lucide[name] as ComponentType<SVGProps<SVGSVGElement>>;
      for (const props of [{}, { className: 'size-4' }, { 'aria-hidden': 'true' as const, className: 'size-5 text-primary' }, { 'aria-label': 'Rocket' }]) {
        expect(renderToStaticMarkup(createElement(ours, props))).toBe(renderToStaticMarkup(createElement(theirs, props)));
      }
    }
  });
});
