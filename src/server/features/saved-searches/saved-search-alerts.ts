import { defineEmailCategory } from '#shared/domain/email-categories.js';
import { savedSearchAlert } from '#shared/domain/saved-searches.js';
import type { AppContext } from '#server/context.js';
import type { DomainEvents } from '#server/events/domain-events.js';
import { createNotifications } from '#server/features/notifications/notifications.service.js';
import type { EventLetters } from '#server/mail/mail-composer.js';
import type { MailFormat } from '#server/mail/mail-layout.js';

/** The mail of saved searches (decision 044: a feature registers its own category). */
export const projectAlertsCategory = defineEmailCategory({
  id: 'projectAlerts',
  label: 'Project alerts',
  description: 'New projects matching your saved searches, at once or in a daily digest.',
  isOnByDefault: true,
  canTurnOff: true,
});

/**
 * A match is told at once in the app (a notification, pushed live), and by mail at once for an
 * instant search or in the day's digest for a daily one.
 */
export function registerSavedSearchAlerts(ctx: AppContext, events: DomainEvents): void {
  events.onRecord('saved_search.matched', (e, tx) =>
    createNotifications(tx, [
      {
        userId: e.userId,
        type: 'project',
        title: savedSearchAlert.title,
        content: savedSearchAlert.content(e.projectName, e.budgetCents, e.search),
        relatedId: e.projectId,
      },
    ]),
  );

  const origin = ctx.config.linkOrigin;
  const projectUrl = (id: number) => `${origin}/projects/${id}`;
  const letters: EventLetters = {
    'saved_search.matched': (e) =>
      e.frequency !== 'instant'
        ? []
        : [
            {
              to: { userId: e.userId, category: projectAlertsCategory.id },
              content: {
                subject: `New project: "${e.projectName}"`,
                paragraphs: [
                  (f) =>
                    e.budgetCents === null
                      ? `${f.value(e.projectName)} was just posted, and matches your saved search ${f.value(e.search)}.`
                      : `${f.value(e.projectName)} was just posted with a budget of ${f.money(e.budgetCents)}, and matches your saved search ${f.value(e.search)}.`,
                ],
                action: { label: 'Open the project', url: projectUrl(e.projectId) },
              },
            },
          ],
    'saved_search.digest': (e) => [
      {
        to: { userId: e.userId, category: projectAlertsCategory.id },
        content: {
          subject: e.matches.length === 1 ? `1 new project for your saved searches` : `${e.matches.length} new projects for your saved searches`,
          paragraphs: [
            () => 'These projects were posted since your last digest and match your saved searches:',
            ...e.matches.map(
              (m) => (f: MailFormat) =>
                m.budgetCents === null
                  ? `${f.value(m.projectName)}, for ${f.value(m.search)}: ${projectUrl(m.projectId)}`
                  : `${f.value(m.projectName)}, ${f.money(m.budgetCents)}, for ${f.value(m.search)}: ${projectUrl(m.projectId)}`,
            ),
          ],
          action: { label: 'Browse projects', url: `${origin}/projects` },
        },
      },
    ],
  };
  ctx.mail.categories.register(projectAlertsCategory);
  ctx.mail.sendOnCommit(events, letters, 'saved search mail');
}
