import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
