import { sql } from 'drizzle-orm';
import { searchesLastWordAsPrefix, searchWords } from '#shared/domain/project-search.js';
import type { DbOrTx } from './client.js';
import { preparedRows } from './prepared.js';

// Below the features: browse (projects) and saved searches read a search text the same way (decision 062).

interface WordRow {
  ord: number;
  lexeme: string;
  exact: boolean;
  prefixed: boolean;
  nearest: string | null;
}

/**
 * Each typed word's lexeme, whether the catalogue has it, whether (the last word) some catalogue word
 * starts with it, and else its nearest catalogue word. Prepared: it runs before every text search.
 */
const selectWords = preparedRows<{ words: string[]; count: number }, WordRow>(
  'search_words_of_text',
  sql`
    select ord::int as ord, lexeme,
      exists (select 1 from search_words where word = lexeme) as exact,
      (ord = ${sql.placeholder('count')} and exists (
        select 1 from search_words where word > lexeme and word < lexeme || chr(1114111))) as prefixed,
      case when exists (select 1 from search_words where word = lexeme) then null else (
        select word from search_words where word % lexeme order by word <-> lexeme, word limit 1) end as nearest
    from (
      select ord, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme
      from unnest(${sql.placeholder('words')}::text[]) with ordinality as typed(w, ord)
    ) as lexemes
    where lexeme is not null
    order by ord`,
);

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A search text's tsquery, and for browse's relevance the same with the last word whole (decision 062). */
export interface SearchQueries {
  /** Every word; the last one also as a prefix when a catalogue word starts with it. */
  prefixed: string;
  /**
   * The same with the last word whole, when that word is a catalogue word of its own and the prefix
   * adds others to it ('app' beside 'app':*, which also reads 'appli', 'approach' ...): a prefix is
   * read from the GIN index as every word it starts, all of their projects gathered before any is
   * tested, so relevance tries the whole word first. Null when the last word is no catalogue word.
   */
  exact: string | null;
  /** Whether some catalogue word is longer than the last word and starts with it (else exact finds what prefixed does). */
  prefixAdds: boolean;
}

/**
 * The tsquery a search text stands for, as text (null when no word counts, such as 'the'): each
 * word as its English lexeme; the last one also as a prefix ('dashb' finds 'dashboard'); a word no
 * project has goes with the nearest word that one has (pg_trgm similarity over search_words), so
 * 'dashbaord' finds 'dashboard' and a saved search for a word still new finds it when it comes. One
 * statement, whatever the number of words.
 */
export async function searchQueries(db: DbOrTx, text: string): Promise<SearchQueries | null> {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const lastIsPrefix = searchesLastWordAsPrefix(text);
  const rows = await selectWords(db, { words, count: words.length });
  if (rows.length === 0) return null;
  const terms = (wholeLast: boolean) =>
    rows.map((row) => {
      const last = row.ord === words.length;
      const typed = `${quoteLexeme(row.lexeme)}${last && lastIsPrefix && !wholeLast ? ':*' : ''}`;
      if (row.exact || (row.prefixed && lastIsPrefix)) return typed;
      // A word no project has yet: its nearest word too, beside itself. Browse then finds the nearest
      // word's projects, and a saved search still matches a project that brings the word later.
      return row.nearest === null ? typed : `(${typed} | ${quoteLexeme(row.nearest)})`;
    });
  const lastRow = rows.at(-1)!;
  const isLast = lastIsPrefix && lastRow.ord === words.length;
  return {
    prefixed: terms(false).join(' & '),
    exact: isLast && lastRow.exact ? terms(true).join(' & ') : null,
    prefixAdds: isLast && lastRow.prefixed,
  };
}

/** searchQueries' tsquery with every word (saved searches store it, decision 060). */
export async function searchQueryText(db: DbOrTx, text: string): Promise<string | null> {
  return (await searchQueries(db, text))?.prefixed ?? null;
}
