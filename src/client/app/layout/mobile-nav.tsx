import { Menu } from '#client/components/ui/first-load-icons.js';
import { Suspense, useRef, useState } from 'react';
import type { User } from '#shared/contracts/users.js';
import { buttonVariants } from '#client/components/ui/button-variants.js';
import { lazyComponent } from '#client/lib/lazy-component.js';

// The sheet (Radix Dialog, the account links, sign-out) is fetched when the button is pointed at,
// focused or pressed, not with the page: most visits never open the menu.
const loadSheet = () => import('./mobile-nav-sheet.js');
const MobileNavSheet = lazyComponent(loadSheet, 'MobileNavSheet');
const preloadSheet = () => void loadSheet();

/** The menu button that opens the side menu below the md breakpoint. */
export function MobileNav({ user }: { user: User | null }) {
  const [isOpen, setIsOpen] = useState(false);
  // Once opened, the sheet stays mounted so that Radix can animate it closed.
  const [hasOpened, setHasOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      {/* Button's markup without its tailwind-merge, which the first load leaves out (docs/decisions/032-initial-load-and-cold-start.md). */}
      <button
        ref={triggerRef}
        data-slot="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileNavSheet user={user} isOpen={isOpen} onOpenChange={setIsOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
