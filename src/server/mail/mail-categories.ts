import { type EmailCategoryDefinition, emailCategoryIdPattern } from '#shared/domain/email-categories.js';

/**
 * The kinds of mail the app sends (decision 044): every feature that mails registers its
 * categories here when the app is built, and the composer, the preferences and the unsubscribe
 * link only know the categories found here.
 */
export class MailCategories {
  private readonly byId = new Map<string, EmailCategoryDefinition>();

  /** Adds categories; registering the very same definition again is a no-op, another one under a taken id is a bug. */
  register(...definitions: readonly EmailCategoryDefinition[]): void {
    for (const definition of definitions) {
      if (!emailCategoryIdPattern.test(definition.id)) throw new Error(`Email category id "${definition.id}" must match ${String(emailCategoryIdPattern)}`);
      const known = this.byId.get(definition.id);
      if (known && known !== definition) throw new Error(`Email category "${definition.id}" is registered twice`);
      this.byId.set(definition.id, definition);
    }
  }

  get(id: string): EmailCategoryDefinition | undefined {
    return this.byId.get(id);
  }

  /** Every category, in the order registered (the preferences screen's order). */
  list(): EmailCategoryDefinition[] {
    return [...this.byId.values()];
  }

  /** The categories a person may turn off: the preferences and the unsubscribe link are about these. */
  choosable(): EmailCategoryDefinition[] {
    return this.list().filter((category) => category.canTurnOff);
  }
}
