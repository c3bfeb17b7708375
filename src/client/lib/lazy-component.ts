import { type ComponentProps, type ComponentType, createElement, type LazyExoticComponent, lazy, type ReactElement, Suspense } from 'react';

/**
 * React.lazy for a module's named export, so a component can move behind a lazy boundary without
 * its module having to change shape (React.lazy itself only takes a default export). `any` as in
 * React.lazy's own signature: the props are whatever the named component declares.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export function lazyComponent<Module extends Record<Name, ComponentType<any>>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A part of a page loaded apart from it, and only for the people `shows` picks from its props:
 * for anyone else nothing renders and nothing loads (decision 018). Until its chunk arrives it
 * shows nothing; a server-rendered page carries it (prerender waits for lazy parts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyComponent
export function lazyComponentFor<Module extends Record<Name, ComponentType<any>>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
  shows: (props: ComponentProps<Module[Name]>) => boolean,
): (props: ComponentProps<Module[Name]>) => ReactElement | null {
  const Lazy = lazyComponent(load, name) as unknown as ComponentType<ComponentProps<Module[Name]>>;
  return (props) => (shows(props) ? createElement(Suspense, { fallback: null }, createElement(Lazy, props)) : null);
}
