import { UserRoundPen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';

/** Shown while user.onboardingComplete is false (spec section 2). */
export function ProfileBanner() {
  return (
    <div
      role="region"
      aria-label="Complete your profile"
      className="flex flex-col items-start justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center"
    >
      <div className="flex items-start gap-3">
        <UserRoundPen aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Complete your profile</p>
          <p className="text-sm">Add your skills and set up payments so clients can hire you and you can get paid.</p>
        </div>
      </div>
      <Button asChild size="sm" variant="outline" className="border-amber-300 bg-white">
        <Link to="/profile?tab=skills">Set up payouts</Link>
      </Button>
    </div>
  );
}
