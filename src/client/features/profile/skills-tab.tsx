import { type ReactNode, useState } from 'react';
import type { User } from '#shared/contracts/users.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { Spinner } from '#client/components/ui/spinner.js';
import { GithubLinks } from './github-links.js';
import { isLanguageOption } from '#client/lib/language-options.js';
import { LanguagePicker } from './language-picker.js';
import { useUpdateProfile } from './api.js';

/**
 * The Skills tab (finishers only): languages, GitHub project links and Payment Settings. The
 * payments feature owns the settings; the profile page passes them in.
 */
export function SkillsTab({ user, paymentSettings }: { user: User; paymentSettings: ReactNode }) {
  const update = useUpdateProfile(user.id);
  const [languages, setLanguages] = useState<string[]>(() => [...new Set(user.skills.filter(isLanguageOption).map((skill) => skill.toLowerCase()))]);
  const [links, setLinks] = useState<string[]>(() => (user.githubUrl ? [user.githubUrl] : []));

  const save = () => {
    // Skills outside the language list (entered elsewhere) are kept as they are.
    const otherSkills = user.skills.filter((skill) => !isLanguageOption(skill));
    update.mutate({
      changes: {
        skills: [...otherSkills, ...languages],
        languages,
        // Spec section 5: only the first GitHub link is sent as githubUrl; '' clears it.
        githubUrl: links[0] ?? '',
      },
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Skills</CardTitle>
          <CardDescription>Clients find you in the developer directory by these skills.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <LanguagePicker selected={languages} onChange={setLanguages} />
          <GithubLinks links={links} onChange={setLinks} />
          <div className="flex justify-end">
            <Button type="button" onClick={save} disabled={update.isPending}>
              {update.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
              Save Skills
            </Button>
          </div>
        </CardContent>
      </Card>
      <section aria-labelledby="payment-settings-heading" className="grid gap-4">
        <h2 id="payment-settings-heading" className="text-xl font-semibold tracking-tight">
          Payment Settings
        </h2>
        {paymentSettings}
      </section>
    </div>
  );
}
